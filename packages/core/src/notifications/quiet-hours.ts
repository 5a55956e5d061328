// Quiet hours in the member's time zone (docs/notifications.md): mail and push wait until they end.

/** Minutes since local midnight of `at` in `timeZone`. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * When delivery may happen: `at` itself outside quiet hours, else the end of the quiet window (start inclusive,
 * end exclusive; a window past midnight such as 22:00-07:00 wraps). Minutes are local to `timeZone`.
 */
export function afterQuietHours(
  at: Date,
  quiet: { start: number | null; end: number | null; timeZone: string },
): Date {
  const { start, end } = quiet;
  if (start === null || end === null || start === end) return at;
  const now = localMinutes(at, quiet.timeZone);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return at;
  const wait = (end - now + 1440) % 1440;
  // to the start of the minute the window ends in
  const base = new Date(at.getTime() - (at.getTime() % 60_000));
  return new Date(base.getTime() + wait * 60_000);
}

/** The next moment after `at` when the local clock of `timeZone` reads `minutes` (the daily digest's hour). */
export function nextLocalTime(at: Date, minutes: number, timeZone: string): Date {
  const wait = (minutes - localMinutes(at, timeZone) + 1440) % 1440 || 1440;
  const base = new Date(at.getTime() - (at.getTime() % 60_000));
  return new Date(base.getTime() + wait * 60_000);
}
