import { expect, test } from '../members/fixtures';
import { nameStamp, trpcAs } from '../members/helpers';
import { gotoApp } from '../auth/helpers';

// A video call rings on every signed-in page, not only on the Messages pages (docs/notifications.md): the callee on
// /members answers it from there (the call page opens), and on /events declines it (the caller is told at once).

test('a call rings for a callee on /members and on /events, and is answered or declined from there', async ({
  signUp,
}) => {
  test.setTimeout(180_000);
  const stamp = nameStamp();
  const caller = await signUp(`Emeka${stamp}`);
  const callee = await signUp(`Funmi${stamp}`);
  const sent = (await trpcAs(caller.page, 'friends.send', { user_id: callee.id })) as {
    request: { _id: string };
  };
  await trpcAs(callee.page, 'friends.accept', { request_id: sent.request._id });
  const page = callee.page;

  for (const [path, width] of [
    ['/members', 1366],
    ['/events', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 860 });
    const live = page.waitForResponse(/\/trpc\/messages\.live/);
    await gotoApp(page, path);
    await live;
    const { call } = (await trpcAs(caller.page, 'calls.start', { user_id: callee.id })) as {
      call: { _id: string };
    };
    const ring = page.getByTestId('incoming-call');
    await expect(ring).toBeVisible();
    await expect(ring).toContainText(`Emeka${stamp} is calling you`);
    if (path === '/members') {
      await ring.getByRole('link', { name: 'Answer' }).click();
      await expect(page).toHaveURL(new RegExp(`/account/messages/${caller.id}/call\\?answer=${call._id}$`));
      await trpcAs(caller.page, 'calls.end', { call_id: call._id });
    } else {
      await ring.getByRole('button', { name: 'Decline' }).click();
      await expect(ring).toHaveCount(0);
      // ending a call that is over answers it as it is
      const state = (await trpcAs(caller.page, 'calls.end', { call_id: call._id })) as {
        call: { status: string };
      };
      expect(state.call.status).toBe('declined');
    }
  }
});
