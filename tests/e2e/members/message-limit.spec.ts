import { expect, test } from '@playwright/test';
import { nameStamp, registerMember, signedInPage, signInByToken, trpcCall } from './helpers';
import { gotoApp } from '../auth/helpers';

// docs/security.md, F25: past the message limit the server answers 429 with Retry-After, and the composer says the
// limit and when the member may send again, keeping what they typed.

test('the composer says the message limit when it is reached', async ({
  browser,
  baseURL,
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const stamp = nameStamp();
  const a = await registerMember(page, `Ngozi${stamp}`);
  const bName = `Obinna${stamp}`;
  const b = await registerMember(page, bName);
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const aApi = await signInByToken(api, a);
  const bApi = await signInByToken(api, b);
  const sent = (await trpcCall(api, aApi.token, 'friends.send', { user_id: bApi.id })) as {
    request: { _id: string };
  };
  await trpcCall(api, bApi.token, 'friends.accept', { request_id: sent.request._id });
  // the minute's allowance, sent by the app's API
  for (let i = 0; i < 20; i += 1)
    await trpcCall(api, aApi.token, 'messages.send', { user_id: bApi.id, body: `m${i}` });
  await api.dispose();

  const pa = await signedInPage(browser, baseURL!, a);
  await gotoApp(pa, `/account/messages/${bApi.id}`);
  await expect(pa.getByRole('heading', { name: `Messages with ${bName}`, level: 1 })).toBeVisible();
  const box = pa.getByRole('textbox', { name: `Message to ${bName}` });
  await box.fill('One more thing');
  await box.press('Enter');
  const alert = pa.getByRole('alert').filter({ hasText: 'Limit reached' });
  await expect(alert).toContainText('Limit reached: you can send 20 messages a minute.');
  await expect(alert).toContainText(/You can try again in \d+ seconds\./);
  // nothing is lost: the text stays in the box
  await expect(box).toHaveValue('One more thing');
});
