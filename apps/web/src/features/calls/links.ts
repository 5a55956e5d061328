import { formatDuration } from '../../lib/dates';

/**
 * The call page's address. It is opened with a full navigation (a plain link, not the router's): the server
 * lets the camera and microphone be used on that page only (Permissions-Policy,
 * apps/server/src/plugins/security-headers.ts), and a document keeps the policy it was loaded with.
 */
export function callPageHref(userId: string, answerCallId?: string): string {
  const base = `/account/messages/${encodeURIComponent(userId)}/call`;
  return answerCallId ? `${base}?answer=${encodeURIComponent(answerCallId)}` : base;
}

/** How a call reads in the thread: "Missed video call", "Video call, 4 s", "Video call, 12 min 5 s". */
export function describeCall(call: { status: string; duration_seconds: number | null }): string {
  if (call.status === 'missed' || call.status === 'declined') return 'Missed video call';
  if (call.status === 'ended' && call.duration_seconds !== null)
    return `Video call, ${formatDuration(call.duration_seconds * 1000)}`;
  if (call.status === 'ringing') return 'Video call, ringing';
  return 'Video call';
}
