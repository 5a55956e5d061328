// How the web app writes dates, in one place: one format per kind, everywhere in the product.
//
//   a day:            23 Nov 2026          formatDate
//   a moment in a day: 23 Nov 2026, 11:12   formatDateTime
//   a time span:      Mon 23 Nov 2026, 17:00–21:00 (or two moments when it ends on another day)   formatTimeSpan
//   a length of time: 4 s, 2 min 5 s, 1 h 2 min                                                   formatDuration
//
// British English, as CLDR's en-GB medium styles (`dates.test.ts` compares them with Intl for each month), in the
// viewer's time zone. Written from the Date's parts without Intl: the first Intl.DateTimeFormat a page makes loads
// ICU's locale data (a long task in the app's takeover on a slow phone: bench/results/2026-11-23-web-dates.md).
// The viewer's own locale is not used: it made the same moment read "Nov 24, 2026, 8:29 AM" on one
// page and "24 Nov 2026" on the next.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day: '23 Nov 2026' (what Date#toString says of an invalid one, 'Invalid Date', for a value that is none). */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  if (!date) return 'Invalid Date';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** A moment: '23 Nov 2026, 11:12' (24-hour clock). */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  if (!date) return 'Invalid Date';
  return `${formatDate(date)}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The clock time of a moment: '17:00' (24-hour clock). */
function formatTime(date: Date): string {
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * An event's span, its day named for the diary: 'Mon 23 Nov 2026, 17:00–21:00'; when it ends on a later day,
 * 'Fri 27 Nov 2026, 22:00 – Sat 28 Nov 2026, 02:00'.
 */
export function formatTimeSpan(start: string | Date, end: string | Date): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return 'Invalid Date';
  const day = (date: Date) => `${WEEKDAYS[date.getDay()]} ${formatDate(date)}`;
  return day(from) === day(to)
    ? `${day(from)}, ${formatTime(from)}–${formatTime(to)}`
    : `${day(from)}, ${formatTime(from)} – ${day(to)}, ${formatTime(to)}`;
}

/**
 * How long something lasted (a call): '4 s', '2 min 5 s', '1 h 2 min', to the whole second and never rounded up to
 * a larger unit (a 4-second call is not '1 min').
 */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return min > 0 ? `${h} h ${min} min` : `${h} h`;
  if (min > 0) return s > 0 ? `${min} min ${s} s` : `${min} min`;
  return `${s} s`;
}

/** The kinds of moment a page writes in the viewer's time zone, by their format ('span' from `value` to `end`). */
export type MomentKind = 'date' | 'dateTime' | 'span';

/** A moment of one kind: what <Moment> writes, and what a shown-only part (lib/static-part.tsx) writes again. */
export function formatMoment(kind: MomentKind, value: string | Date, end?: string | Date): string {
  if (kind === 'date') return formatDate(value);
  if (kind === 'span' && end !== undefined) return formatTimeSpan(value, end);
  return formatDateTime(value);
}
