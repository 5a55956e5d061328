import { z } from 'zod';
import { ZMessage, type TLiveMessageEvent } from './social';
import { CALL_SIGNAL_KINDS } from './social-limits';

/**
 * The events of a member's live stream (messages.live, republished at GET /api/v1/live) as a schema, for the
 * OpenAPI document and the typed client of the mobile apps: the server writes TLiveMessageEvent and parses none.
 * The check below fails the typecheck when an event is added to that type without its shape here, so the
 * document never leaves one out.
 */
export const ZLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), unread_total: z.number().int() }).meta({
    description: 'Listening: re-read what is on screen (sent at the start and after a gap)',
  }),
  z
    .object({ type: z.literal('message'), message: ZMessage, unread_total: z.number().int() })
    .meta({ description: 'A message the member sent or received' }),
  z
    .object({
      type: z.literal('read'),
      reader_id: z.string(),
      sender_id: z.string(),
      up_to: z.string(),
      unread_total: z.number().int(),
    })
    .meta({ description: '`reader_id` read what `sender_id` sent them up to message `up_to`' }),
  z
    .object({ type: z.literal('typing'), user_id: z.string() })
    .meta({ description: '`user_id` is typing to the member (show it for a few seconds unless repeated)' }),
  z
    .object({
      type: z.literal('call'),
      call_id: z.string(),
      from: z.string(),
      signal: z.enum(CALL_SIGNAL_KINDS),
      payload: z.unknown().optional(),
    })
    .meta({
      description:
        "A video call's signal from the other party: ring, accept, decline, hangup, or the offer, answer or ICE candidate in `payload`",
    }),
  z.object({ type: z.literal('notifications'), unread: z.number().int() }).meta({
    description:
      'The member’s unread notifications changed: their count now (only for a stream opened with `notifications`)',
  }),
]);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** true only while ZLiveEvent describes every event of TLiveMessageEvent and no other */
export const LIVE_EVENTS_DOCUMENTED: Same<z.infer<typeof ZLiveEvent>, TLiveMessageEvent> = true;
