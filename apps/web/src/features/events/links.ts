/**
 * The event's iCalendar file (apps/server/src/routes/calendar.ts CALENDAR_PATH): a plain link, the server answers
 * it as a download with the member's session cookie.
 */
export function calendarHref(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
}
