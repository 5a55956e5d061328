import { Alert, Box, Container, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ProfileEditForm } from '../../features/account/ProfileEditForm';
import { ProfilePhotos } from '../../features/account/ProfilePhotos';
import { SpecialConsentSection } from '../../features/account/SpecialConsentSection';
import { forFirstScreen } from '../../lib/first-screen';
import { describeError } from '../../lib/forms';
import { ButtonLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';

export const Route = createFileRoute('/account/profile')({
  head: () => ({ meta: [{ title: 'Edit my profile · Rhema' }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    forFirstScreen(() =>
      Promise.all([
        queryClient.prefetchQuery(trpc.profile.editor.queryOptions()),
        queryClient.prefetchQuery(trpc.profile.photos.queryOptions()),
        queryClient.prefetchQuery(trpc.profile.specialConsent.queryOptions()),
      ]),
    ),
  component: EditProfilePage,
});

function EditProfilePage() {
  const trpc = useTrpc();
  const editor = useQuery(trpc.profile.editor.queryOptions());
  return (
    <Container size="md" py="xl">
      <Title order={1}>Edit my profile</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        What you write here is what other members see on your profile.
      </Text>
      <Box mb="xl">
        <ProfilePhotos />
      </Box>
      <Box mb="xl">
        <SpecialConsentSection />
      </Box>
      {editor.data ? (
        // the consent adds or removes questions: a new set of questions is a fresh form
        <ProfileEditForm
          key={editor.data.questions.map((q) => q.key).join()}
          editor={editor.data}
          extraActions={
            <ButtonLink to="/account" variant="default">
              Back to my account
            </ButtonLink>
          }
        />
      ) : editor.isError ? (
        <Alert color="red" role="alert">
          {describeError(editor.error, []).message}
        </Alert>
      ) : (
        <Loader aria-label="Loading your profile" />
      )}
    </Container>
  );
}
