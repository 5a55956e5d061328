import type { RestRoute } from './route-shape';

/**
 * The REST table's rows for video calls (docs/decisions/180-video-calls.md, docs/video-calls.md) and "is typing":
 * the same procedures, so the same rules, as the web. The other party hears of each step on their live stream
 * (GET /api/v1/live, routes-live.ts). Spread into the table of routes.ts like its own rows.
 */
export const callRows = [
  {
    method: 'POST',
    url: '/calls',
    procedure: 'calls.start',
    reply: 'data',
    errors: [404, 409, 429],
    summary:
      'Ring a member you may message (`user_id`): the call, ringing; calling again while it rings answers the same call (404 for anyone you may not call, 409 while they ring you, 429 past the free calls to friends)',
  },
  {
    method: 'GET',
    url: '/calls/:call_id',
    procedure: 'calls.session',
    reply: 'data',
    errors: [404],
    summary:
      'A call of yours and its ICE servers, TURN credentials minted for you now; the ring timeout in milliseconds',
  },
  {
    // POST: a repeat is refused (409, the call no longer rings), so clients must not retry it by themselves
    method: 'POST',
    url: '/calls/:call_id/answer',
    procedure: 'calls.answer',
    reply: 'data',
    errors: [404, 409],
    summary:
      'The callee answers a ringing call (`accept`): active (the caller then sends its offer) or declined',
  },
  {
    method: 'POST',
    url: '/calls/:call_id/signals',
    procedure: 'calls.signal',
    reply: 'data',
    errors: [404, 409],
    summary:
      'An SDP offer or answer, or an ICE candidate (`kind`, `data`) for the other party of an active call; it reaches their live stream',
  },
  {
    method: 'POST',
    url: '/calls/:call_id/heartbeat',
    procedure: 'calls.heartbeat',
    reply: 'data',
    errors: [404],
    summary:
      'Your call screen is still there (every few seconds while the call is under way): answers the call as it is now',
  },
  {
    method: 'PATCH',
    url: '/calls/:call_id/end',
    procedure: 'calls.end',
    reply: 'data',
    errors: [404],
    summary: 'Hang up, give up ringing or decline: the other party is told; a repeat changes nothing',
  },
  {
    method: 'GET',
    url: '/messages/:user_id/calls',
    procedure: 'calls.list',
    reply: 'data',
    errors: [404],
    summary: 'The calls with a member, oldest first (the thread shows them between the messages)',
  },
  {
    method: 'POST',
    url: '/messages/:user_id/typing',
    procedure: 'messages.typing',
    reply: 'data',
    errors: [403, 404],
    summary:
      '"Is typing" to a member you may message: handed to their live stream, never stored (send it every few seconds while typing)',
  },
] as const satisfies readonly RestRoute[];
