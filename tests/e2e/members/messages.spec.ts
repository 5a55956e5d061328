import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations, nameStamp, registerMember, signedInPage, type Member } from './helpers';

// Issue 11, messaging: two friends in two browser contexts exchange messages that arrive without a reload (the
// messages.live subscription over server-sent events), with unread counts, the 2,000-character count, and the
// arrival announced to screen readers; axe clean on the conversation list and the thread.

/** Signs in over api/v1 (a mobile client's Bearer token) and answers the token and the member's id. */
async function signInByToken(request: APIRequestContext, member: Member) {
  const res = await request.post('/api/v1/auth/login', {
    data: { email: member.email, password: member.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string; user: { _id: string } };
  return { token: body.token, id: body.user._id };
}

async function trpcCall(request: APIRequestContext, token: string, path: string, input: object) {
  const res = await request.post(`/trpc/${path}`, {
    data: input,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { data: Record<string, unknown> } }).result.data;
}

test('two friends exchange messages live, with unread counts', async ({
  browser,
  baseURL,
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const stamp = nameStamp();
  const aName = `Chiamaka${stamp}`;
  const bName = `Damilola${stamp}`;
  const a = await registerMember(page, aName);
  const b = await registerMember(page, bName);

  // they become friends (the friend request flow in the browser is self-matching/two-members.spec.ts)
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const aApi = await signInByToken(api, a);
  const bApi = await signInByToken(api, b);
  const sent = (await trpcCall(api, aApi.token, 'friends.send', { user_id: bApi.id })) as {
    request: { _id: string };
  };
  await trpcCall(api, bApi.token, 'friends.accept', { request_id: sent.request._id });
  await api.dispose();

  const pa = await signedInPage(browser, baseURL!, a);
  const pb = await signedInPage(browser, baseURL!, b);

  // B waits on the conversation list, A opens the thread from the friends page
  await pb.goto('/account/messages');
  await expect(pb.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(pb.getByTestId('unread-total')).toHaveText('No unread messages.');
  await expectNoSeriousViolations(pb);

  await pa.goto('/account/friends');
  await pa.getByRole('link', { name: `Message ${bName}` }).click();
  await expect(pa.getByRole('heading', { name: `Messages with ${bName}`, level: 1 })).toBeVisible();
  await expect(pa.getByText(`No messages yet. Say hello to ${bName}.`)).toBeVisible();
  await expectNoSeriousViolations(pa);

  // the live count, then a message too long is refused on its field
  const aBox = pa.getByRole('textbox', { name: `Message to ${bName}` });
  await aBox.fill('x'.repeat(2001));
  await expect(pa.getByTestId('message-count')).toHaveText('2001 / 2000 characters');
  await pa.getByRole('button', { name: 'Send' }).click();
  await expect(pa.getByText('A message can have at most 2000 characters')).toBeVisible();
  await aBox.fill('Hello! Are you coming to the community picnic on Saturday?');
  await expect(pa.getByTestId('message-count')).toHaveText('58 / 2000 characters');
  await pa.getByRole('button', { name: 'Send' }).click();
  await expect(pa.getByTestId('message')).toHaveCount(1);
  await expect(aBox).toHaveValue('');

  // B's list shows it without a reload: the conversation, its unread count, the badge in the nav
  await expect(pb.getByTestId('unread-total')).toHaveText('1 unread message.');
  await expect(pb.getByRole('link', { name: `${aName}, 1 unread` })).toBeVisible();
  await expect(pb.getByRole('link', { name: 'Messages (1 unread)' })).toBeVisible();
  await expect(pb.getByText('Hello! Are you coming to the community picnic on Saturday?')).toBeVisible();
  await expectNoSeriousViolations(pb);

  // B opens the thread (it is read now) and answers with Ctrl+Enter
  await pb.getByRole('link', { name: `${aName}, 1 unread` }).click();
  await expect(pb.getByRole('heading', { name: `Messages with ${aName}`, level: 1 })).toBeVisible();
  await expect(pb.getByTestId('message')).toHaveCount(1);
  await expect(pb.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  const bBox = pb.getByRole('textbox', { name: `Message to ${aName}` });
  await bBox.fill('Yes, I will bring jollof rice.');
  await bBox.press('Control+Enter');
  await expect(pb.getByTestId('message')).toHaveCount(2);

  // A's open thread receives it live, and a screen reader hears it
  await expect(pa.getByTestId('message')).toHaveCount(2);
  await expect(pa.getByTestId('message').nth(1)).toContainText('Yes, I will bring jollof rice.');
  await expect(pa.getByTestId('new-message-announcement')).toHaveText(
    `New message from ${bName}: Yes, I will bring jollof rice.`,
  );
  await expectNoSeriousViolations(pa);

  // one more each way, both threads open
  await aBox.fill('See you there.');
  await aBox.press('Control+Enter');
  await expect(pb.getByTestId('message')).toHaveCount(3);
  await expect(pb.getByTestId('new-message-announcement')).toHaveText(
    `New message from ${aName}: See you there.`,
  );
  await expectNoSeriousViolations(pb);

  // a phone: the thread fits the screen, the form is reachable
  await pb.setViewportSize({ width: 375, height: 740 });
  await expect(bBox).toBeInViewport({ ratio: 0.5 });
  const overflow = await pb.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
