import type { EventStatus } from '@rhema/schemas';

/** An event's state in the console's words and colours (filled badges, white text: AA in both schemes). */
export const EVENT_STATUS_LABEL: Record<EventStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  cancelled: 'Cancelled',
};
export const EVENT_STATUS_COLOR: Record<EventStatus, string> = {
  draft: 'gray.8',
  published: 'teal.9',
  cancelled: 'red.9',
};
