import { COUNTRY_NAME, type CountryCode } from '@rhema/schemas';
import AE from 'country-flag-icons/string/3x2/AE';
import CA from 'country-flag-icons/string/3x2/CA';
import DE from 'country-flag-icons/string/3x2/DE';
import ES from 'country-flag-icons/string/3x2/ES';
import FR from 'country-flag-icons/string/3x2/FR';
import GB from 'country-flag-icons/string/3x2/GB';
import GH from 'country-flag-icons/string/3x2/GH';
import IE from 'country-flag-icons/string/3x2/IE';
import IT from 'country-flag-icons/string/3x2/IT';
import NG from 'country-flag-icons/string/3x2/NG';
import SE from 'country-flag-icons/string/3x2/SE';
import US from 'country-flag-icons/string/3x2/US';
import ZA from 'country-flag-icons/string/3x2/ZA';
import classes from './CountryFlag.module.css';

// Emoji flags are regional-indicator pairs that Linux browsers without a colour emoji font draw as empty boxes;
// SVG drawings look the same everywhere. Only the product's countries are imported (about 3 KB gzip, and only in
// the chunks of the pages that show a flag). The product's Sweden is SW (ISO SE).
const SVG: Record<CountryCode, string> = {
  US,
  GB,
  CA,
  IE,
  DE,
  FR,
  ES,
  IT,
  SW: SE,
  AE,
  NG,
  ZA,
  GH,
};

const productCode = (code: string) => {
  const upper = code.trim().toUpperCase();
  return upper === 'SE' ? 'SW' : upper;
};

/**
 * A country's flag, 3:2, `height` px high, named by the country (an image to assistive technology); nothing for a
 * code outside the product's list. `decorative` when the country's name is written beside it (hidden then). The
 * drawing is in the page itself: an SVG image would be a document of its own for the browser to load, one per flag
 * of a list.
 */
export function CountryFlag({
  code,
  height = 14,
  decorative = false,
}: {
  code: string;
  height?: number;
  decorative?: boolean;
}) {
  const key = productCode(code);
  const svg = SVG[key as CountryCode] as string | undefined;
  if (!svg) return null;
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': COUNTRY_NAME[key] ?? code })}
      data-country-flag={key}
      className={classes.flag}
      style={{ width: Math.round((height * 3) / 2), height }}
      // the package's own drawings, fixed at build time: no text of a member's reaches them
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
