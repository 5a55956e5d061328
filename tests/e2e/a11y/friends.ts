import { type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { registerMember, signInByToken, trpcCall } from '../members/helpers';

// The signed-in walks' members (member-pages.spec.ts, call-page.spec.ts): two new members who are friends.

/** Two new members, friends, with a message between them: the conversation list and a thread have content. */
export async function friendsWithAMessage(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
) {
  const a = await registerMember(page, 'Ayodele');
  const b = await registerMember(page, 'Bisola');
  const api = await playwright.request.newContext({ baseURL });
  const aApi = await signInByToken(api, a);
  const bApi = await signInByToken(api, b);
  const sent = (await trpcCall(api, aApi.token, 'friends.send', { user_id: bApi.id })) as {
    request: { _id: string };
  };
  await trpcCall(api, bApi.token, 'friends.accept', { request_id: sent.request._id });
  await trpcCall(api, bApi.token, 'messages.send', {
    user_id: aApi.id,
    body: 'Hello from the a11y test.',
  });
  await api.dispose();
  return { a, b, bId: bApi.id };
}
