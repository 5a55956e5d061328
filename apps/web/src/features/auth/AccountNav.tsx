import { Anchor, Button, Group } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { forgetSession, sessionQueryOptions } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import classes from '../../components/AppHeader.module.css';

/** The account part of the top navigation: 'Logout' with the first name when signed in (spec section 2). */
export function AccountNav({ onNavigate }: { onNavigate?: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const session = useQuery(sessionQueryOptions(trpc));
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSettled: async () => {
        forgetSession(queryClient, trpc);
        onNavigate?.();
        await router.invalidate();
        await navigate({ to: '/auth/login' });
      },
    }),
  );
  const user = session.data?.user;
  if (!user) {
    return (
      <Anchor component={Link} to="/auth/login" className={classes.link} onClick={onNavigate}>
        Login
      </Anchor>
    );
  }
  return (
    <Group gap="md" wrap="nowrap">
      {user.role === 'member' ? null : (
        <Anchor component={Link} to="/admin21" className={classes.link} onClick={onNavigate}>
          Console
        </Anchor>
      )}
      <Anchor component={Link} to="/account" className={classes.link} onClick={onNavigate}>
        My account
      </Anchor>
      <Button variant="light" size="compact-md" loading={logout.isPending} onClick={() => logout.mutate()}>
        Logout {user.first_name}
      </Button>
    </Group>
  );
}
