import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type TSessionUser } from '@rhema/schemas';
import { ForbiddenError, requireUser } from './guards';
import { sessionQueryOptions } from './session';
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
