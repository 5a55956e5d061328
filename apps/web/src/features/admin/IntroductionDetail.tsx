import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Modal } from '../../components/overlays';
import { REQUEST_MESSAGE_MAX } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConsoleTitle } from './console-title';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { countryName, orNotProvided } from './format';
import { ProfileHeader, ProfileSections } from './ProfileSections';
import { formatDateTime } from '../../lib/dates';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/**
 * The introduction detail (/admin21/introductions/users/{id} and .../requests): Dating preferences
 * ('Not provided' where empty), citizenship, about me, core values, the requests received (each requester linking
 * to the owner view), and the request box with its confirm dialog when the introduction takes requests.
 */
export function IntroductionDetail({ userId }: { userId: string }) {
  const trpc = useTrpc();
  const detail = useQuery(trpc.admin.introductionDetail.queryOptions({ userId }));
  const ownerName = detail.data?.owner.first_name;
  useConsoleTitle(ownerName ? `${ownerName}'s introduction` : 'Introduction');
  if (detail.error) {
    return (
      <Container size="lg" py="xl">
        <Alert color="red" role="alert">
          {describeError(detail.error, []).message}
        </Alert>
      </Container>
    );
  }
  if (!detail.data) {
    return (
      <Container size="lg" py="xl">
        <Loader aria-label="Loading" />
      </Container>
    );
  }
  const { owner, data: introduction, requests } = detail.data;
  const preferences: [string, string | number | null | undefined][] = introduction
    ? [
        ['Min age', introduction.min_age],
        ['Max age', introduction.max_age],
        ['Own height', introduction.my_height],
        ['Min height', introduction.min_height],
        ['State', introduction.state],
        ['Country of residence', countryName(owner.country_code)],
        ['City', introduction.city],
        ['Additional details', introduction.details],
        ["Consultant's comment from phone conversation", introduction.note],
      ]
    : [];
  return (
    <Container size="lg" py="xl">
      <ProfileHeader profile={owner} />
      {introduction ? (
        <>
          <section aria-labelledby="preferences-title">
            <Title order={2} id="preferences-title" size="h3" mt="lg">
              Dating preferences
            </Title>
            <Table mt="xs" withRowBorders>
              <Table.Tbody>
                {preferences.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row">{label}</Table.Th>
                    <Table.Td>{orNotProvided(value)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
          <ProfileSections profile={owner} withPhotos={false} />
          <section aria-labelledby="requests-title">
            <Title order={2} id="requests-title" size="h3" mt="lg">
              Requests received ({requests.data.length})
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {requests.data.map((request, index) => (
                <Card key={request._id} withBorder component="article" aria-label={`Request ${index + 1}`}>
                  <AnchorLink to="/admin21/users/$id/owner" params={{ id: request.requester._id }}>
                    <Group wrap="nowrap">
                      {request.requester.profile_pic_url ? (
                        <Image src={request.requester.profile_pic_url} alt="" w={48} h={48} radius="sm" />
                      ) : null}
                      <Text fw={700}>
                        {request.requester.first_name}, {request.requester.age}
                      </Text>
                    </Group>
                  </AnchorLink>
                  <Text size="sm">{request.message || 'No message'}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(request.created_at)} · {request.status}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>
          {introduction.is_public && introduction.is_active ? (
            <RequestBox introductionId={introduction._id} firstName={owner.first_name} />
          ) : (
            // only a public, active introduction takes requests (the server answers 404 for any other)
            <Text mt="xl">
              {owner.first_name}&apos;s introduction is not public and active, so it takes no requests.
            </Text>
          )}
        </>
      ) : (
        <Text mt="lg">{owner.first_name} has no introduction yet.</Text>
      )}
    </Container>
  );
}

/** The request box: sent for the member a consultant names by their code, after a confirm. */
function RequestBox({ introductionId, firstName }: { introductionId: string; firstName: string }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation(
    trpc.admin.requestOnBehalf.mutationOptions({
      onSuccess: () => {
        setSent(true);
        setError(null);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      onError: (e: unknown) => setError(describeError(e, []).message),
      meta: { showsOwnErrors: true },
    }),
  );
  return (
    <section aria-labelledby="request-title">
      <Title order={2} id="request-title" size="h3" mt="xl">
        Request introduction
      </Title>
      {sent ? (
        <Alert color="green" mt="sm" role="status">
          Introduction Request sent. Thanks.
        </Alert>
      ) : (
        <Stack gap="sm" mt="xs" maw={560}>
          <Text fw={600}>I am interested in {firstName}</Text>
          <Text size="sm">Please note that its first come, first serve</Text>
          <Text size="sm">Our consultants would reach out to {firstName} to present all requests</Text>
          <TextInput
            label="Member's code"
            description="The 6-character code of the member this request is for"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <GrowingTextarea
            label="Message"
            value={message}
            maxLength={REQUEST_MESSAGE_MAX}
            minRows={3}
            description={`${message.length}/${REQUEST_MESSAGE_MAX}`}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={() => setConfirming(true)} loading={send.isPending}>
              Send introduction request
            </Button>
          </Group>
        </Stack>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Send" centered>
        <Text>Do you want to send this request?</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setConfirming(false);
              send.mutate({ id: introductionId, code, message });
            }}
          >
            Send
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
