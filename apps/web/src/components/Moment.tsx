import { formatMoment, type MomentKind } from '../lib/dates';

/**
 * A moment in the viewer's time zone, as a <time>: the server writes it in its own zone, and a shown-only part
 * (lib/static-part.tsx), which the app does not draw again, rewrites it in the viewer's from these attributes.
 */
export function Moment({ value, kind = 'dateTime' }: { value: string | Date; kind?: MomentKind }) {
  const iso = typeof value === 'string' ? value : value.toISOString();
  return (
    <time dateTime={iso} data-moment={kind} suppressHydrationWarning>
      {formatMoment(kind, value)}
    </time>
  );
}
