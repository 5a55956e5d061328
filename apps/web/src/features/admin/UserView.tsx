import { Alert, Container, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useConsoleTitle } from './console-title';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { introductionState } from './format';
import { IntroductionForm } from './IntroductionForm';
import { PremiumConfirm } from './PremiumConfirm';
import { ProposeMatch } from './ProposeMatch';
import { VerificationControl } from './VerificationControl';
import { ProfileHeader, ProfileSections } from './ProfileSections';
import { formatDate } from '../../lib/dates';

/**
 * The user view (/admin21/users/{id}), the member view (/admin21/members/{id}, without add to public) and the
 * owner view (/admin21/users/{id}/owner, the registration form): header, 'Create introduction', then Citizenship,
 * About me, core values, Photos, Affiliations.
 */
export function UserView({ userId, mode }: { userId: string; mode: 'user' | 'member' | 'owner' }) {
  const trpc = useTrpc();
  const view = useQuery(trpc.admin.user.queryOptions({ userId }));
  const kind = mode === 'owner' ? 'Owner' : mode === 'member' ? 'Member' : 'User';
  const person = view.data?.data;
  useConsoleTitle(person ? `${person.first_name}, ${person.age} · ${kind}` : kind);
  // the introduction just created: confirmed, and brought into view once the list shows it
  const [created, setCreated] = useState<string | null>(null);
  useEffect(() => {
    if (!created) return;
    const row = document.getElementById(`introduction-${created}`);
    row?.scrollIntoView({ block: 'center' });
    row?.focus();
  }, [created, view.data]);
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
        {kind}
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
      {mode === 'owner' ? null : (
        <Group mt="sm">
          <ProposeMatch member={{ _id: userId, first_name: profile.first_name }} />
        </Group>
      )}
      <VerificationControl userId={userId} verified={profile.identity_verified} />
      <PremiumConfirm subscriptions={subscriptions} />
      {introductions.length ? (
        <section aria-labelledby="current-title">
          <Title order={2} id="current-title" size="h3" mt="lg">
            Introductions
          </Title>
          {created ? (
            <Alert color="green" role="status" mt="xs">
              Introduction created. It starts switched off: activate it when it is ready.
            </Alert>
          ) : null}
          <Stack gap={2}>
            {introductions.map((introduction) => (
              <Text
                key={introduction._id}
                id={`introduction-${introduction._id}`}
                tabIndex={-1}
                fw={introduction._id === created ? 700 : undefined}
              >
                {formatDate(introduction.created_at)}: ages {introduction.min_age} to {introduction.max_age},{' '}
                {introductionState(introduction)}
              </Text>
            ))}
          </Stack>
        </section>
      ) : null}
      <Divider my="lg" />
      <IntroductionForm
        userId={userId}
        withPublic={mode !== 'member'}
        onCreated={(id) => {
          setCreated(id);
          void view.refetch();
        }}
      />
      <Divider my="lg" />
      <ProfileSections profile={profile} />
    </Container>
  );
}
