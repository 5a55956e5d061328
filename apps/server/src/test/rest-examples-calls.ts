import { seedFriendship } from '@rhema/seed';
import type { RouteKeyOf } from '../rest/route-shape';
import type { callRows } from '../rest/routes-calls';
import type { ExampleContext, RestExample } from './rest-examples';

// Sample requests of the rows in routes-calls.ts (video calls and "is typing"), spread into restExamples
// (rest-examples.ts). Each call goes through the rows themselves: ring, answer, then the step under test.

type CallKey = RouteKeyOf<(typeof callRows)[number]>;

/** Two signed-in friends (calls and typing need members who may message each other). */
async function friends(context: ExampleContext) {
  const a = await context.signIn('member', { first_name: 'Chiamaka' });
  const b = await context.signIn('member', { first_name: 'Dayo' });
  await seedFriendship(context.db, a.user, b.user);
  return { a, b };
}

/** A call from the first friend to the second, ringing, or active once `answered`. */
async function call(context: ExampleContext, answered: boolean) {
  const { a, b } = await friends(context);
  const started = await context.call('POST /calls', { token: a.token, body: { user_id: b.user.id } });
  const callId = (started.data as { call: { _id: string } }).call._id;
  if (answered)
    await context.call('POST /calls/:call_id/answer', {
      token: b.token,
      params: { call_id: callId },
      body: { accept: true },
    });
  return { a, b, callId };
}

export const callExamples: Record<CallKey, RestExample> = {
  'POST /calls': async (context) => {
    const { a, b } = await friends(context);
    return { token: a.token, body: { user_id: b.user.id } };
  },
  'GET /calls/:call_id': async (context) => {
    const { a, callId } = await call(context, false);
    return { token: a.token, params: { call_id: callId } };
  },
  'POST /calls/:call_id/answer': async (context) => {
    const { b, callId } = await call(context, false);
    return { token: b.token, params: { call_id: callId }, body: { accept: true } };
  },
  'POST /calls/:call_id/signals': async (context) => {
    const { a, callId } = await call(context, true);
    return {
      token: a.token,
      params: { call_id: callId },
      body: { kind: 'offer', data: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } },
    };
  },
  'POST /calls/:call_id/heartbeat': async (context) => {
    const { b, callId } = await call(context, true);
    return { token: b.token, params: { call_id: callId }, body: {} };
  },
  'PATCH /calls/:call_id/end': async (context) => {
    const { a, callId } = await call(context, true);
    return { token: a.token, params: { call_id: callId }, body: {} };
  },
  'GET /messages/:user_id/calls': async (context) => {
    const { a, b } = await call(context, true);
    return { token: a.token, params: { user_id: b.user.id } };
  },
  'POST /messages/:user_id/typing': async (context) => {
    const { a, b } = await friends(context);
    return { token: a.token, params: { user_id: b.user.id }, body: {} };
  },
};
