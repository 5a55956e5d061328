import { CALL_RING_GRACE_MS, CALL_RING_TIMEOUT_MS } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTrpc } from '../../lib/use-trpc';
import type { LiveEnvelope } from '../messages/use-live-stream';
import classes from './HeaderRing.module.css';
import { IncomingCall } from './IncomingCall';

export type RingingCall = { call_id: string; from: string };

/**
 * An incoming call on every signed-in page (the Messages pages show their own): the header's live stream hands
 * its call signals here. A `ring` shows it; any other signal of that call (given up, answered on another device)
 * ends it; a ring nobody ends goes once the server counts it missed.
 */
export function useRinging(): [RingingCall | null, (event: LiveEnvelope['data']) => void, () => void] {
  const [ringing, setRinging] = useState<RingingCall | null>(null);
  useEffect(() => {
    if (!ringing) return;
    const timer = setTimeout(
      () => setRinging((now) => (now === ringing ? null : now)),
      CALL_RING_TIMEOUT_MS + CALL_RING_GRACE_MS,
    );
    return () => clearTimeout(timer);
  }, [ringing]);
  const onEvent = (event: LiveEnvelope['data']) => {
    if (event.type !== 'call') return;
    if (event.signal === 'ring') setRinging({ call_id: event.call_id, from: event.from });
    else setRinging((now) => (now?.call_id === event.call_id ? null : now));
  };
  return [ringing, onEvent, () => setRinging(null)];
}

/** The ring itself, over the page below the header (in a portal: the header's nav may be hidden on a phone). */
export function HeaderRing({ call, onDone }: { call: RingingCall; onDone: () => void }) {
  const trpc = useTrpc();
  const caller = useQuery(
    trpc.members.get.queryOptions({ id: call.from }, { meta: { showsOwnErrors: true }, retry: false }),
  );
  return createPortal(
    <div className={classes.ring}>
      <IncomingCall call={call} firstName={caller.data?.profile.first_name ?? 'A member'} onDone={onDone} />
    </div>,
    document.body,
  );
}
