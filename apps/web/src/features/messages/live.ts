import { CALL_RING_GRACE_MS, CALL_RING_TIMEOUT_MS, TYPING_SHOWN_MS, type TMessage } from '@rhema/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTrpc } from '../../lib/use-trpc';
import { formatDateTime } from '../../lib/dates';
import { useLiveStream } from './use-live-stream';

export interface LiveMessages {
  /** the newest message that arrived on the stream */
  latest: TMessage | null;
  /** the member typing to this one at the moment (their id), for TYPING_SHOWN_MS after their last notice */
  typingFrom: string | null;
  /** a video call ringing for this member now (docs/decisions/180-video-calls.md) */
  incomingCall: { call_id: string; from: string } | null;
  /** the incoming call was answered or declined here */
  clearIncomingCall: () => void;
}

/**
 * New messages, read marks and typing without a reload: the messages.live subscription over server-sent events
 * (docs/decisions/081-live-messages.md, 087-read-receipts-and-typing.md). A message or `ready` re-reads the
 * member's conversations and threads (so unread counts, the list and the thread follow, and the `ready` after a
 * reconnect catches up on what was missed, the thread's calls included); a read mark re-reads the unread counts
 * (the reader's own: the nav badge clears once the open thread marked the message read) and the thread ("Seen");
 * typing is kept in state.
 */
export function useLiveMessages(): LiveMessages {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<TMessage | null>(null);
  // a new object per notice: each one starts the TYPING_SHOWN_MS over
  const [typing, setTyping] = useState<{ from: string } | null>(null);
  const [incomingCall, setIncomingCall] = useState<{ call_id: string; from: string } | null>(null);
  // a thread is read (and the sender told "Seen") only while it is on screen: in a hidden tab a new message
  // re-reads the counts alone, and the thread is re-read once the tab is shown again
  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: trpc.messages.thread.pathKey() });
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, [queryClient, trpc]);
  // a ring nobody ends (the caller's tab closed) goes when the server counts it missed, and the thread shows it so
  useEffect(() => {
    if (!incomingCall) return;
    const timer = setTimeout(() => {
      setIncomingCall((now) => (now === incomingCall ? null : now));
      void queryClient.invalidateQueries({ queryKey: trpc.calls.list.pathKey() });
    }, CALL_RING_TIMEOUT_MS + CALL_RING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [incomingCall, queryClient, trpc]);
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  useLiveStream(({ data: event }) => {
    if (event.type === 'call') {
      // a ring shows; anything else about that call (given up, answered) ends it; the thread's calls re-read
      if (event.signal === 'ring') setIncomingCall({ call_id: event.call_id, from: event.from });
      else setIncomingCall((now) => (now?.call_id === event.call_id ? null : now));
      if (event.signal === 'ring' || event.signal === 'hangup' || event.signal === 'decline')
        void queryClient.invalidateQueries({ queryKey: trpc.calls.list.pathKey() });
      return;
    }
    if (event.type === 'typing') {
      setTyping({ from: event.user_id });
      return;
    }
    if (event.type === 'read') {
      void queryClient.invalidateQueries({ queryKey: trpc.messages.conversations.queryKey() });
      if (document.visibilityState === 'hidden') return;
      // the thread with the other party (one of the two ids is this member's own: no such thread)
      for (const user_id of [event.reader_id, event.sender_id])
        void queryClient.invalidateQueries({ queryKey: trpc.messages.thread.queryKey({ user_id }) });
      return;
    }
    void queryClient.invalidateQueries({
      queryKey:
        document.visibilityState === 'hidden'
          ? trpc.messages.conversations.queryKey()
          : trpc.messages.pathKey(),
    });
    // the calls of the thread too: a hang-up or a miss while the stream was down has no event of its own to come
    if (event.type === 'ready') void queryClient.invalidateQueries({ queryKey: trpc.calls.list.pathKey() });
    if (event.type === 'message') {
      setLatest(event.message);
      // their message is what they were typing
      setTyping((now) => (now?.from === event.message.sender_id ? null : now));
    }
  });
  return {
    latest,
    typingFrom: typing?.from ?? null,
    incomingCall,
    clearIncomingCall: () => setIncomingCall(null),
  };
}

export function formatMessageTime(iso: string): string {
  return formatDateTime(iso);
}
