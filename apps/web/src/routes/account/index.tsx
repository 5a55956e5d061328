import { Alert, Box, Container, Loader, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { AccountSummary } from '../../features/account/AccountSummary';
import { ProfileCard } from '../../features/account/ProfileCard';
import { ProfileMeter } from '../../features/account/ProfileMeter';
import { describeError } from '../../lib/forms';
import { ButtonLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { lazyPart } from '../../lib/lazy-part';

// the other two tabs (forms, the schema library, dialogs) load when opened, not with the profile shown first
const ChangePasswordForm = lazyPart(() =>
  import('../../features/account/ChangePasswordForm').then((m) => ({ default: m.ChangePasswordForm })),
);
const SettingsPanel = lazyPart(() =>
  import('../../features/account/SettingsPanel').then((m) => ({ default: m.SettingsPanel })),
);

const TABS = ['profile', 'password', 'settings'] as const;

export const Route = createFileRoute('/account/')({
  // a plain function, not a zod schema: route options are in the entry chunk that every public page loads
  validateSearch: (search: Record<string, unknown>): { tab?: (typeof TABS)[number] } => ({
    tab: TABS.find((tab) => tab === search.tab),
  }),
  head: () => ({ meta: [{ title: 'My account · Rhema' }] }),
  // the page's reads start together, while its code loads (no waterfall), and the page renders once they
  // are in: the server's render of it (decision 140) and the app's first one then show the same, whole page. A
  // failed read is not thrown (prefetchQuery keeps it in the cache): the page shows it where the data would be.
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([
      queryClient.prefetchQuery(trpc.account.profile.queryOptions()),
      queryClient.prefetchQuery(trpc.introductions.list.queryOptions()),
      queryClient.prefetchQuery(trpc.introductions.contactDisclosures.queryOptions()),
      // fresh each visit: the profile may have changed on another page since
      queryClient.prefetchQuery({ ...trpc.profile.onboarding.queryOptions(), staleTime: 0 }),
    ]);
  },
  component: AccountPage,
});

function AccountPage() {
  const { user } = Route.useRouteContext();
  const trpc = useTrpc();
  const { tab = 'profile' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const profile = useQuery(trpc.account.profile.queryOptions());
  const introductions = useQuery(trpc.introductions.list.queryOptions());
  const disclosures = useQuery(trpc.introductions.contactDisclosures.queryOptions());
  const onboarding = useQuery(trpc.profile.onboarding.queryOptions());
  return (
    <Container size="md" py="xl">
      <Title order={1}>My account</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Hello {user.first_name}. Here is your profile as other members see it, and your account settings.
      </Text>
      {onboarding.data ? (
        <Box mb="xl">
          <ProfileMeter state={onboarding.data} />
        </Box>
      ) : null}
      {introductions.data && disclosures.data ? (
        <Box mb="xl">
          <AccountSummary introductions={introductions.data} disclosures={disclosures.data} />
        </Box>
      ) : null}
      <Tabs
        value={tab}
        // only the open tab is rendered, so a closed one's code is not loaded
        keepMounted={false}
        onChange={(value) =>
          void navigate({ search: { tab: (value as (typeof TABS)[number]) ?? 'profile' } })
        }
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="password">Change password</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ButtonLink to="/account/profile" variant="light" mb="md">
            Edit my profile
          </ButtonLink>
          {profile.data ? (
            <ProfileCard profile={profile.data} />
          ) : profile.isError ? (
            <Alert color="red" role="alert">
              {describeError(profile.error, []).message}
            </Alert>
          ) : (
            <Loader aria-label="Loading your profile" />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <Suspense fallback={<Loader aria-label="Loading" />}>
            <ChangePasswordForm />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Suspense fallback={<Loader aria-label="Loading" />}>
            <SettingsPanel />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
