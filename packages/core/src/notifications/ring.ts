import { callQueries, notificationQueries } from '@rhema/db';
import { CALL_RING_TIMEOUT_MS } from '@rhema/schemas';
import type { JobContext } from '../jobs/queue';
import { DEFAULT_DELIVERY, pushToDevices, quiet } from './deliver';
import { discreetTitle } from './mail';
import { firstNameOf } from './notify';
import { afterQuietHours } from './quiet-hours';
import { loadSettings } from './settings';

// A ringing call reaches the callee's devices (docs/notifications.md, decision 213): a high-urgency push whose
// time to live is what is left of the ring, sent by the job the ring queues (never after the mail's delay). It is
// no stored notification: a ring is worth nothing once over, and the call the callee did not answer becomes a
// `missed_call` (packages/core/src/social/calls.ts). The server cannot know which device the member is looking at,
// so every device gets it; a browser with a page of the site in view shows the page's own ring instead
// (apps/web/public/sw.js).

/** Job 'call-ring': right after the call started. */
export async function pushRing(job: { callId: string }, ctx: JobContext): Promise<void> {
  const { db, now } = ctx;
  const sender = (ctx.delivery ?? DEFAULT_DELIVERY).push;
  if (!sender) return;
  const call = await callQueries.findCall(db, job.callId);
  if (!call || call.status !== 'ringing') return;
  const left = new Date(call.created_at).getTime() + CALL_RING_TIMEOUT_MS - now.getTime();
  if (left <= 0) return;
  // calls follow the push switch of "Missed video calls"; quiet hours hold no ring (it would be over when they end)
  const settings = await loadSettings(db, call.callee_id);
  if (!settings.kinds.missed_call.push || afterQuietHours(now, quiet(settings)) > now) return;
  const devices = await notificationQueries.listDevices(db, call.callee_id);
  if (devices.length === 0) return;
  const name = await firstNameOf(db, call.caller_id);
  await pushToDevices(
    db,
    sender,
    devices,
    {
      title: settings.discreet ? discreetTitle('call') : `${name} is calling you`,
      body: settings.discreet ? '' : 'Answer the video call on Rhema.',
      url: `/account/messages/${call.caller_id}`,
      kind: 'call',
      tag: `call${call.id}`,
      urgency: 'high',
      ttlSeconds: Math.ceil(left / 1000),
    },
    ctx.log,
  );
}
