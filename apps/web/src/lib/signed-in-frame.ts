import type { RouterContext } from '../routes/__root';
import { drawingFirstScreen } from './first-screen';

/**
 * The loader of every signed-in area's layout route (/account, /members, /communities, /events, /admin21): what the
 * frame around the page shows, the header's unread count, read beside the page's own reads. The server then draws
 * it, and the app hydrates it with no read of its own: a read started while hydrating changes the page's state
 * before it is interactive, and React then finishes hydrating in one long task. `more` are an area's own reads.
 * Only for the first screen: on later pages the frame is already drawn and keeps its own reads.
 */
export function loadSignedInFrame(
  { context: { queryClient, trpc } }: { context: RouterContext },
  more: () => Promise<unknown>[] = () => [],
) {
  // later pages are drawn in a frame that is already on screen, with its own reads
  if (!drawingFirstScreen()) return undefined;
  return Promise.all([
    queryClient.prefetchQuery(trpc.messages.conversations.queryOptions()),
    // the header's bell (features/notifications/HeaderBell.tsx)
    queryClient.prefetchQuery(trpc.notifications.unread.queryOptions()),
    ...more(),
  ]);
}
