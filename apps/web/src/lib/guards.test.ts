import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type TSessionUser } from '@rhema/schemas';
import { ForbiddenError, requireUser } from './guards';
import { seedEmbeddedSession, sessionQueryOptions } from './session';
import { queryClient, trpc } from './trpc';

// The guard reads the session from the query cache (as after sign-in); nothing here reaches the network.
function signedInAs(user: TSessionUser | null) {
  queryClient.clear();
  queryClient.setQueryData(sessionQueryOptions(trpc).queryKey, { user });
  return { context: { queryClient, trpc }, location: { href: '/admin21/users?page=2' } };
}
const member: TSessionUser = {
  _id: '00000000-0000-4000-8000-000000000001',
  email: 'm@example.test',
  first_name: 'Ada',
  last_name: 'Obi',
  role: 'member',
  introductions: false,
};

describe('requireUser', () => {
  it('sends a visitor to /auth/login with the page to come back to', async () => {
    const error = await requireUser()(signedInAs(null)).catch((e: unknown) => e);
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: unknown }).options).toMatchObject({
      to: '/auth/login',
      search: { redirect: '/admin21/users?page=2' },
    });
  });

  it('lets any signed-in user in when no roles are named', async () => {
    await expect(requireUser()(signedInAs(member))).resolves.toEqual({ user: member });
  });

  it('refuses a member on a staff page', async () => {
    await expect(requireUser(STAFF_ROLES)(signedInAs(member))).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('lets consultants and admins in on a staff page', async () => {
    for (const role of STAFF_ROLES) {
      const user = { ...member, role };
      await expect(requireUser(STAFF_ROLES)(signedInAs(user))).resolves.toEqual({ user });
    }
  });
});

describe('the session the server put into the page', () => {
  function pageWith(text: string | null) {
    const removed: string[] = [];
    const doc = {
      getElementById: (id: string) =>
        text === null ? null : { textContent: text, remove: () => removed.push(id) },
    } as unknown as Document;
    return { doc, removed };
  }

  it('lets the guard pass without a call, and is read once', async () => {
    queryClient.clear();
    const { doc, removed } = pageWith(JSON.stringify({ user: member }));
    seedEmbeddedSession(queryClient, trpc, doc);
    expect(removed).toEqual(['rhema-session']);
    // a call would fail here (no server): the guard answers from the cache
    await expect(
      requireUser()({ context: { queryClient, trpc }, location: { href: '/account' } }),
    ).resolves.toEqual({ user: member });
  });

  it('changes nothing when the page has none or it is not a session answer', () => {
    for (const text of [null, '', 'not json', '{"other":1}', 'null']) {
      queryClient.clear();
      seedEmbeddedSession(queryClient, trpc, pageWith(text).doc);
      expect(queryClient.getQueryData(sessionQueryOptions(trpc).queryKey)).toBeUndefined();
    }
  });
});
