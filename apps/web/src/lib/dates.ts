// How the web app writes instants and dates, in one place.
//
// The product's dates are British English (23 Nov 2026), written here from the parts of the Date in the viewer's
// time zone, without Intl: the first Intl.DateTimeFormat a page makes loads ICU's locale data (16 ms on this
// project's machine, ~90 ms of /account's takeover at Lighthouse's 4x CPU throttling), and
// `toLocaleDateString(locale, options)` builds a new format on every call. The texts are CLDR's en-GB ones, as
// Intl gives them (`dates.test.ts` compares every style with Intl for each month). Only a time shown in the
// viewer's own conventions (`'viewer'`: message times, a quota's reset, the reports list) uses Intl, one format per
// style made on first use.

/** The styles: en-GB examples for 23 November 2026 at 11:12:29. */
const STYLES = {
  /** 23/11/2026 */
  short: { dateStyle: 'short' },
  /** 23 Nov 2026 */
  medium: { dateStyle: 'medium' },
  /** 23 November 2026 */
  long: { dateStyle: 'long' },
  /** 23 Nov 2026, 11:12 */
  mediumWithTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 23/11/2026, 11:12:29 */
  shortWithSeconds: { dateStyle: 'short', timeStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** CLDR's abbreviated en-GB months (September is "Sept"). */
const MONTHS_SHORT = MONTHS.map((month) => (month === 'September' ? 'Sept' : month.slice(0, 3)));

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

function enGB(date: Date, style: DateStyle): string {
  const day = date.getDate();
  const month = date.getMonth();
  const year = date.getFullYear();
  const numeric = `${two(day)}/${two(month + 1)}/${year}`;
  const time = `${two(date.getHours())}:${two(date.getMinutes())}`;
  switch (style) {
    case 'short':
      return numeric;
    case 'medium':
      return `${day} ${MONTHS_SHORT[month]} ${year}`;
    case 'long':
      return `${day} ${MONTHS[month]} ${year}`;
    case 'mediumWithTime':
      return `${day} ${MONTHS_SHORT[month]} ${year}, ${time}`;
    case 'shortWithSeconds':
      return `${numeric}, ${time}:${two(date.getSeconds())}`;
  }
}

const viewerFormats = new Map<DateStyle, Intl.DateTimeFormat>();

/** An instant (ISO string or Date) in a style: en-GB, or with `'viewer'` in the browser's own locale. */
export function formatDate(
  value: string | Date,
  style: DateStyle = 'medium',
  locale: 'en-GB' | 'viewer' = 'en-GB',
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  // what Date#toLocaleString says of a date that is not one
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  if (locale === 'en-GB') return enGB(date, style);
  let format = viewerFormats.get(style);
  if (!format) viewerFormats.set(style, (format = new Intl.DateTimeFormat(undefined, STYLES[style])));
  return format.format(date);
}
