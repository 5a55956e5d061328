import { z } from 'zod';
import { CALL_STATUSES, type TCallSignalKind } from './social-limits';
import { zText } from './text';

// Video calls (docs/decisions/180-video-calls.md): 1:1 WebRTC between two members who may message each other;
// the server only passes the signals between them, over the live messages' stream.

const ZCallId = z.uuid({ error: 'Unknown call' });
export const ZCallStartRequest = z.object({ user_id: z.uuid({ error: 'Unknown member' }) });
export const ZCallRequest = z.object({ call_id: ZCallId });
export const ZCallAnswerRequest = z.object({ call_id: ZCallId, accept: z.boolean() });

/** An SDP offer or answer (RTCSessionDescriptionInit) and an ICE candidate (RTCIceCandidateInit), bounded. */
export const ZSessionDescription = z.object({
  type: z.enum(['offer', 'answer']),
  // stored (jsonb) until the call ends: the one rule of storable text (./text.ts), which keeps SDP's CR LF
  sdp: zText().min(1).max(20_000),
});
export const ZIceCandidate = z.object({
  candidate: zText().max(2_000),
  sdpMid: zText().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: zText().max(256).nullish(),
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
