import { formatMoment, type MomentKind } from '../lib/dates';

const iso = (value: string | Date) => (typeof value === 'string' ? value : value.toISOString());

/**
 * A moment (or a span, to `end`) in the viewer's time zone, as a <time>. The server writes it in its own zone: a
 * hydrated page draws it again, and a shown-only part (lib/static-part.tsx), which the app does not draw, writes it
 * again from these attributes.
 */
export function Moment({
  value,
  kind = 'dateTime',
  end,
}: {
  value: string | Date;
  kind?: MomentKind;
  end?: string | Date;
}) {
  return (
    <time dateTime={iso(value)} data-moment={kind} data-end={end === undefined ? undefined : iso(end)}>
      {formatMoment(kind, value, end)}
    </time>
  );
}
