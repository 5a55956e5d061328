import { Alert, Container, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { introductionStatusLabel } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { trpc } from '../../lib/trpc';
import { IntroductionForm } from './IntroductionForm';
import { PremiumConfirm } from './PremiumConfirm';
import { ProfileHeader, ProfileSections } from './ProfileSections';
import { formatDate } from '../../lib/dates';

/**
 * The user view (/admin21/users/{id}), the member view (/admin21/members/{id}, without add to public) and the
 * owner view (/admin21/users/{id}/owner, the registration form): header, 'Create introduction', then Citizenship,
 * About me, core values, Photos, Affiliations (spec section 2).
 */
export function UserView({ userId, mode }: { userId: string; mode: 'user' | 'member' | 'owner' }) {
  const view = useQuery(trpc.admin.user.queryOptions({ userId }));
  if (view.error) {
    return (
      <Container size="lg" py="xl">
        <Alert color="red" role="alert">
          {describeError(view.error, []).message}
        </Alert>
      </Container>
    );
  }
  if (!view.data) {
    return (
      <Container size="lg" py="xl">
        <Loader aria-label="Loading" />
      </Container>
    );
  }
  const { data: profile, introductions, subscriptions } = view.data;
  return (
    <Container size="lg" py="xl">
      <Text c="dimmed" size="sm">
        {mode === 'owner' ? 'Owner' : mode === 'member' ? 'Member' : 'User'}
      </Text>
      <ProfileHeader profile={profile} />
      <Group gap="md" mt="sm">
        <AnchorLink to="/admin21/users/$id/introductions" params={{ id: userId }}>
          Introductions and history
        </AnchorLink>
        <AnchorLink to="/admin21/introductions/users/$id" params={{ id: userId }}>
          Introduction detail and requests
        </AnchorLink>
      </Group>
      <PremiumConfirm subscriptions={subscriptions} />
      {introductions.length ? (
        <section aria-labelledby="current-title">
          <Title order={2} id="current-title" size="h3" mt="lg">
            Introductions
          </Title>
          <Stack gap={2}>
            {introductions.map((introduction) => (
              <Text key={introduction._id}>
                {formatDate(introduction.created_at, 'short')}: ages {introduction.min_age} to{' '}
                {introduction.max_age}, {introductionStatusLabel(introduction.status)}
                {introduction.is_active ? ' (ACTIVE)' : ''}
              </Text>
            ))}
          </Stack>
        </section>
      ) : null}
      <Divider my="lg" />
      <IntroductionForm
        userId={userId}
        withPublic={mode !== 'member'}
        onCreated={() => void view.refetch()}
      />
      <Divider my="lg" />
      <ProfileSections profile={profile} />
    </Container>
  );
}
