import type { TMessage } from '@rhema/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { formatDate } from '../../lib/dates';

/**
 * New messages without a reload (issue 11): the messages.live subscription over server-sent events. Every event
 * re-reads the member's conversations and open thread (so unread counts, the list and the thread follow, and the
 * `ready` after a reconnect catches up on what was missed). Events are tracked: on a reconnect the link sends the
 * last position and the server sends the messages written meanwhile first (docs/decisions/081-live-messages.md).
 * Answers the newest message that arrived this way.
 */
export function useLiveMessages(): TMessage | null {
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<TMessage | null>(null);
  useSubscription(
    trpc.messages.live.subscriptionOptions(undefined, {
      onData({ data: event }) {
        void queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
        if (event.type === 'message') setLatest(event.message);
      },
    }),
  );
  return latest;
}

export function formatMessageTime(iso: string): string {
  return formatDate(iso, 'mediumWithTime', 'viewer');
}
