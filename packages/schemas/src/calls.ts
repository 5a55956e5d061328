import { z } from 'zod';

// Video calls (docs/decisions/180-video-calls.md): 1:1 WebRTC between two members who may message each other;
// the server only passes the signals between them, over the live messages' stream.

/** How long a call rings before it counts as missed. */
export const CALL_RING_TIMEOUT_MS = 30_000;
/**
 * A ringing call is over this long after its time-out even when no page said so (the caller's tab closed): the
 * server then reads it as missed, and the callee's "is calling you" goes.
 */
export const CALL_RING_GRACE_MS = 5_000;
/** How often a party's call page tells the server it is still there (calls.heartbeat) while the call is under way. */
export const CALL_HEARTBEAT_MS = 15_000;
/**
 * A call under way that neither party's page has spoken for (heartbeat, signal, answer) this long is over: both
 * pages closed without hanging up. Four heartbeats, so a busy tab or a slow network never ends a live call.
 */
export const CALL_SILENT_AFTER_MS = 60_000;
/** Calls a member without a premium match may start to friends in 24 hours (answering one never counts). */
export const FREE_FRIEND_CALLS_PER_24H = 3;
/** How long the TURN credentials minted for a call stay valid (the TURN REST API's expiry). */
export const TURN_CREDENTIAL_TTL_SECONDS = 3600;
/** The after-call question (docs/decisions/180-video-calls.md). */
export const CALL_BOTHER_QUESTION = 'Did anything about this call bother you?';

export const CALL_STATUSES = ['ringing', 'active', 'ended', 'declined', 'missed'] as const;
export const CALL_SIGNAL_KINDS = ['ring', 'accept', 'decline', 'offer', 'answer', 'ice', 'hangup'] as const;
export type TCallSignalKind = (typeof CALL_SIGNAL_KINDS)[number];

const ZCallId = z.uuid({ error: 'Unknown call' });
export const ZCallStartRequest = z.object({ user_id: z.uuid({ error: 'Unknown member' }) });
export const ZCallRequest = z.object({ call_id: ZCallId });
export const ZCallAnswerRequest = z.object({ call_id: ZCallId, accept: z.boolean() });

/** An SDP offer or answer (RTCSessionDescriptionInit) and an ICE candidate (RTCIceCandidateInit), bounded. */
export const ZSessionDescription = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().min(1).max(20_000),
});
export const ZIceCandidate = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});
export const ZCallSignalRequest = z.discriminatedUnion('kind', [
  z.object({ call_id: ZCallId, kind: z.literal('offer'), data: ZSessionDescription }),
  z.object({ call_id: ZCallId, kind: z.literal('answer'), data: ZSessionDescription }),
  z.object({ call_id: ZCallId, kind: z.literal('ice'), data: ZIceCandidate }),
]);
export type TCallSignalRequest = z.infer<typeof ZCallSignalRequest>;

export const ZCall = z.object({
  _id: z.string(),
  caller_id: z.string(),
  callee_id: z.string(),
  status: z.enum(CALL_STATUSES),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** from the answer to the end, whole seconds; null until it ended (or when it was never answered) */
  duration_seconds: z.number().int().nullable(),
});
export type TCall = z.infer<typeof ZCall>;

/** RTCIceServer: a STUN or TURN address, and for TURN the credentials minted for this member and call. */
export const ZIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TIceServer = z.infer<typeof ZIceServer>;

/** What the call page needs: the call and the ICE servers to reach the other browser through. */
export const ZCallSession = z.object({
  call: ZCall,
  ice_servers: z.array(ZIceServer),
  ring_timeout_ms: z.number().int(),
});
export const ZCallDone = z.object({ call: ZCall });

/** A signal on the live stream (messages.live): from the other party of call `call_id`. */
export type TCallSignalEvent = {
  type: 'call';
  call_id: string;
  from: string;
  signal: TCallSignalKind;
  /** the offer or answer (RTCSessionDescriptionInit), the candidate (RTCIceCandidateInit); null for the others */
  payload?: unknown;
};
