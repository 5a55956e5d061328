import {
  CALL_HEARTBEAT_MS,
  CALL_RING_TIMEOUT_MS,
  type TCallSignalEvent,
  type TCallSignalRequest,
  type TIceServer,
} from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { clientHeaders } from '../../lib/client-headers';
import { isPlainClick } from '../../lib/links';
import { useLiveStream } from '../messages/use-live-stream';

// One video call from this page (docs/decisions/180-video-calls.md): the caller rings, and once accepted sends
// its offer; the callee builds its connection before accepting, then answers the offer. Every signal goes through
// calls.signal and comes back on the live stream (messages.live), handled one at a time in arrival order so a
// candidate never lands before the description it belongs to.

export type CallPhase = 'check' | 'ringing' | 'connecting' | 'connected' | 'ended';
/** how it ended: you hung up, they did, nobody answered, they declined, the connection failed, it was over */
export type CallEnd = 'you' | 'they' | 'missed' | 'declined' | 'failed' | 'gone';

export interface CallView {
  phase: CallPhase;
  ended: CallEnd | null;
  connection: RTCPeerConnectionState;
  remote: MediaStream | null;
  error: string | null;
  connectedAt: number | null;
  endedAt: number | null;
}

interface CallApi {
  start: (input: { user_id: string }) => Promise<{ call: { _id: string } }>;
  answer: (input: { call_id: string; accept: boolean }) => Promise<unknown>;
  signal: (input: TCallSignalRequest) => Promise<unknown>;
  end: (input: { call_id: string }) => Promise<unknown>;
  heartbeat: (input: { call_id: string }) => Promise<{ call: { status: string } }>;
  /** calls.end in a request that outlives the page (the page is being closed) */
  endAsThePageGoes: (callId: string) => void;
  iceServers: (callId: string) => Promise<TIceServer[]>;
}

/** The longest a link out of an ended call waits for its hang-up to land (then it goes; leave sends it again). */
const HANG_UP_WAIT_MS = 3_000;

/** A lost connection this long (no way back through ICE) ends the call. */
const DISCONNECTED_GRACE_MS = 10_000;

/** The call's connection and signalling, outside React: the page shows its `view`. */
class CallSession {
  view: CallView = {
    phase: 'check',
    ended: null,
    connection: 'new',
    remote: null,
    error: null,
    connectedAt: null,
    endedAt: null,
  };
  private local: MediaStream | null = null;
  private callId: string | null;
  private peer: RTCPeerConnection | null = null;
  private pendingIce: RTCIceCandidateInit[] = [];
  private early: TCallSignalEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timers: ReturnType<typeof setTimeout>[] = [];
  private beat: ReturnType<typeof setInterval> | null = null;
  /** calls.end sent and not answered yet: a page that goes before the answer cancels it (leave sends it again) */
  private ending = false;
  /** that request, settled (answered or failed) */
  private endSettled: Promise<void> = Promise.resolve();
  /** the call's id from calls.start, still on its way while the caller's ring has not been answered by the server */
  private starting: Promise<string | null> = Promise.resolve(null);

  constructor(
    private readonly otherId: string,
    answerCallId: string | undefined,
    private readonly api: CallApi,
    private readonly onChange: (view: CallView) => void,
  ) {
    this.callId = answerCallId ?? null;
  }

  private set(patch: Partial<CallView>) {
    this.view = { ...this.view, ...patch };
    this.onChange(this.view);
  }

  private clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
  }

  /**
   * While the call is under way the page tells the server it is still here: a call both pages stopped beating on
   * (closed without a hang-up) is ended by the server (closeStaleCalls, packages/core/src/social/calls.ts). The
   * answer also tells this page when the call ended without it hearing the hang-up (its live stream reconnecting).
   */
  private startHeartbeat() {
    const id = this.callId;
    if (!id || this.beat) return;
    this.beat = setInterval(() => {
      this.api
        .heartbeat({ call_id: id })
        .then(({ call }) => {
          if (call.status !== 'active' && call.status !== 'ringing') this.finish('they');
        })
        .catch(() => undefined);
    }, CALL_HEARTBEAT_MS);
  }

  private finish(how: CallEnd, error?: string) {
    this.clearTimers();
    this.peer?.close();
    this.peer = null;
    if (this.view.phase === 'ended') return;
    this.set({ phase: 'ended', ended: how, endedAt: Date.now(), ...(error ? { error } : {}) });
  }

  private endOnServer() {
    this.ending = true;
    // a Cancel pressed before calls.start came back: the call exists once it does, and is ended then (else the other
    // party would ring on until the server's time-out)
    const id = this.callId ? Promise.resolve(this.callId) : this.starting;
    // only an answer clears it: a request the page's navigation cancelled fails, maybe before the page has gone
    this.endSettled = id
      .then((callId) => (callId ? this.api.end({ call_id: callId }) : undefined))
      .then(
        () => {
          this.ending = false;
        },
        () => undefined,
      );
  }

  /** Whether a hang-up is still on its way to the server. */
  get endPending(): boolean {
    return this.ending;
  }

  /** Resolves once the hang-up on its way has been answered or has failed, or after `ms` at the latest. */
  hangUpLanded(ms: number): Promise<void> {
    return Promise.race([this.endSettled, new Promise<void>((done) => setTimeout(done, ms))]);
  }

  private fail(cause: unknown) {
    this.endOnServer();
    this.finish('failed', describeError(cause, []).message);
  }

  private async flushIce(pc: RTCPeerConnection) {
    for (const candidate of this.pendingIce.splice(0)) await pc.addIceCandidate(candidate);
  }

  /** The connection to the other browser, through the ICE servers (TURN credentials minted for this call). */
  private async connect(isCaller: boolean) {
    const id = this.callId;
    if (!id) return;
    const pc = new RTCPeerConnection({ iceServers: await this.api.iceServers(id) });
    this.peer = pc;
    const local = this.local;
    if (local) for (const track of local.getTracks()) pc.addTrack(track, local);
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      const data = event.candidate.toJSON();
      this.api
        .signal({ call_id: id, kind: 'ice', data: { ...data, candidate: data.candidate ?? '' } })
        .catch(() => undefined);
    };
    pc.ontrack = (event) => this.set({ remote: event.streams[0] ?? new MediaStream([event.track]) });
    pc.onconnectionstatechange = () => {
      if (this.peer !== pc) return;
      const state = pc.connectionState;
      this.set({ connection: state });
      if (state === 'connected')
        this.set({ phase: 'connected', connectedAt: this.view.connectedAt ?? Date.now() });
      if (state === 'failed') {
        this.endOnServer();
        this.finish('failed');
      }
      if (state === 'disconnected')
        this.timers.push(
          setTimeout(() => {
            if (this.peer !== pc || pc.connectionState === 'connected') return;
            this.endOnServer();
            this.finish('failed');
          }, DISCONNECTED_GRACE_MS),
        );
    };
    if (isCaller) {
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      await this.api.signal({ call_id: id, kind: 'offer', data: { type: 'offer', sdp: offer.sdp ?? '' } });
    }
  }

  private async handle(event: TCallSignalEvent) {
    if (event.call_id !== this.callId || this.view.phase === 'ended') return;
    const pc = this.peer;
    const payload = event.payload as RTCSessionDescriptionInit & RTCIceCandidateInit;
    switch (event.signal) {
      case 'accept':
        this.clearTimers();
        this.set({ phase: 'connecting' });
        this.startHeartbeat();
        await this.connect(true);
        return;
      case 'decline':
        this.finish('declined');
        return;
      case 'hangup':
        // the caller ringing gave up (or it timed out) before this callee answered: it no longer rings
        this.finish(this.view.phase === 'ringing' ? 'missed' : this.view.phase === 'check' ? 'gone' : 'they');
        return;
      case 'offer': {
        if (!pc) return;
        await pc.setRemoteDescription(payload);
        await this.flushIce(pc);
        const reply = await pc.createAnswer();
        await pc.setLocalDescription(reply);
        await this.api.signal({
          call_id: event.call_id,
          kind: 'answer',
          data: { type: 'answer', sdp: reply.sdp ?? '' },
        });
        return;
      }
      case 'answer':
        if (!pc) return;
        await pc.setRemoteDescription(payload);
        await this.flushIce(pc);
        return;
      case 'ice':
        if (pc?.remoteDescription) await pc.addIceCandidate(payload);
        else this.pendingIce.push(payload);
        return;
      default:
        return;
    }
  }

  private enqueue(event: TCallSignalEvent) {
    this.chain = this.chain.then(() => this.handle(event)).catch((cause: unknown) => this.fail(cause));
  }

  /** The camera and microphone the connection sends (the pre-call check's). */
  setMedia(stream: MediaStream | null) {
    this.local = stream;
  }

  /** A signal from the live stream. */
  receive(event: TCallSignalEvent) {
    if (event.from !== this.otherId) return;
    // an accept can come back before calls.start does: kept until the call's id is known
    if (!this.callId) this.early.push(event);
    else this.enqueue(event);
  }

  /** The caller rings; no answer within the time-out is a missed call. */
  async ring() {
    this.set({ phase: 'ringing', error: null });
    this.starting = this.api.start({ user_id: this.otherId }).then(({ call }) => call._id);
    try {
      this.callId = await this.starting;
    } catch (cause) {
      if (this.view.phase === 'ringing')
        this.set({ phase: 'check', error: describeError(cause, []).message });
      return;
    }
    // hung up while it was starting: endOnServer ends it now that it exists
    if (this.view.phase !== 'ringing') return;
    for (const event of this.early.splice(0)) this.enqueue(event);
    this.timers.push(
      setTimeout(() => {
        if (this.view.phase !== 'ringing') return;
        this.endOnServer();
        this.finish('missed');
      }, CALL_RING_TIMEOUT_MS),
    );
  }

  /** The callee picks up: the connection first, so the caller's offer finds it ready. */
  async pickUp() {
    const id = this.callId;
    if (!id) return;
    this.set({ phase: 'connecting', error: null });
    try {
      await this.connect(false);
      await this.api.answer({ call_id: id, accept: true });
      this.startHeartbeat();
    } catch (cause) {
      this.finish('gone', describeError(cause, []).message);
    }
  }

  async decline() {
    const id = this.callId;
    this.finish('you');
    if (id) await this.api.answer({ call_id: id, accept: false }).catch(() => undefined);
  }

  hangUp() {
    this.endOnServer();
    this.finish('you');
  }

  /**
   * The page goes (a closed tab, a reload, a link elsewhere): a call ringing or under way ends with it, so the other
   * party is told at once instead of after their connection times out, and the thread shows its length.
   */
  leave() {
    const live = ['ringing', 'connecting', 'connected'].includes(this.view.phase);
    // a hang-up still on its way goes with the page too (a link out right after Cancel): sent again in the request
    // that outlives it, or the other party rings on until the server's timeout (calls.end is idempotent)
    if (this.callId && (live || this.ending)) this.api.endAsThePageGoes(this.callId);
    this.dispose();
  }

  dispose() {
    this.clearTimers();
    this.peer?.close();
    this.peer = null;
  }
}

const OPTIONS = { meta: { showsOwnErrors: true } };

/**
 * calls.end as a plain request with `keepalive`, which the browser finishes after the page is gone (a request of
 * the tRPC client would be cancelled with it). The session cookie goes with it, and the XSRF token as on every
 * mutation (lib/trpc.ts).
 */
function endAsThePageGoes(callId: string) {
  void fetch('/trpc/calls.end', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...clientHeaders({ changes: true }) },
    body: JSON.stringify({ call_id: callId }),
  }).catch(() => undefined);
}

export function useCall(options: {
  otherId: string;
  answerCallId: string | undefined;
  local: MediaStream | null;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { mutateAsync: start } = useMutation(trpc.calls.start.mutationOptions(OPTIONS));
  const { mutateAsync: answer } = useMutation(trpc.calls.answer.mutationOptions(OPTIONS));
  const { mutateAsync: signal } = useMutation(trpc.calls.signal.mutationOptions(OPTIONS));
  const { mutateAsync: end } = useMutation(trpc.calls.end.mutationOptions(OPTIONS));
  const { mutateAsync: heartbeat } = useMutation(trpc.calls.heartbeat.mutationOptions(OPTIONS));
  const [view, setView] = useState<CallView | null>(null);
  const [liveReady, setLiveReady] = useState(false);
  const [session] = useState(
    () =>
      new CallSession(
        options.otherId,
        options.answerCallId,
        {
          start,
          answer,
          signal,
          end,
          heartbeat,
          endAsThePageGoes,
          iceServers: async (callId) =>
            (
              await queryClient.fetchQuery({
                ...trpc.calls.session.queryOptions({ call_id: callId }),
                staleTime: 0,
              })
            ).ice_servers,
        },
        setView,
      ),
  );
  useEffect(() => {
    session.setMedia(options.local);
  }, [session, options.local]);
  // leaving the page ends the call (a closed tab: pagehide; a link within the app: the unmount)
  useEffect(() => {
    const leave = () => session.leave();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [session]);

  useLiveStream(({ data: event }) => {
    if (event.type === 'ready') setLiveReady(true);
    if (event.type === 'call') session.receive(event);
  });

  const current = view ?? session.view;
  return {
    ...current,
    liveReady,
    durationMs:
      current.connectedAt !== null && current.endedAt !== null ? current.endedAt - current.connectedAt : null,
    ring: () => void session.ring(),
    pickUp: () => void session.pickUp(),
    decline: () => void session.decline(),
    hangUp: () => session.hangUp(),
    /**
     * A link out of the ended call (to the thread): followed once the hang-up on its way has landed, so the page it
     * opens shows the call's outcome rather than the ring (a plain link's navigation would cancel the request, and
     * the request sent again as the page goes may land after the next page's read).
     */
    leaveAfterHangUp: (event: MouseEvent<HTMLAnchorElement>) => {
      if (!session.endPending || !isPlainClick(event)) return;
      event.preventDefault();
      const href = event.currentTarget.href;
      void session.hangUpLanded(HANG_UP_WAIT_MS).then(() => window.location.assign(href));
    },
  };
}
