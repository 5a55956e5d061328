import { Alert, Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/overlays';
import { MATCH_REQUEST_NOTE_MAX, type TAdminMatchRequest, type TMemberProfile } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Moment } from '../../components/Moment';
import { describeError, useSchemaForm } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { StaticPart } from '../../lib/static-part';
import { useTrpc } from '../../lib/use-trpc';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/** The decline form's schema, imported when a note is first focused or sent: the queue loads no schema. */
const loadSchema = () => import('./match-request-schema').then((module) => module.ZAdminMatchRequestDecline);

const STATUS_COLOR = { open: 'orange', introduced: 'green', declined: 'gray' } as const;

function Person({ person, role, link }: { person: TMemberProfile; role: string; link: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <Avatar src={person.profile_pic_url} alt="" size={56} radius="sm" color="plum">
        {person.first_name.slice(0, 1)}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase">
          {role}
        </Text>
        {link}
        <Text size="sm">{[person.data_occupation?.answer, person.country].filter(Boolean).join(' · ')}</Text>
        {person.contact_reference ? <Text size="sm">Handle: {person.contact_reference}</Text> : null}
        {person.international_phone_number ? (
          <Text size="sm">Phone: {person.international_phone_number}</Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/**
 * One member's request in the console's queue: both members, the date, and what a consultant can do with it.
 * `onIntroduced` gets the request once its introduction is made (the queue then says what happens next).
 */
export function MatchRequestCard({
  request,
  onIntroduced,
}: {
  request: TAdminMatchRequest;
  onIntroduced: (request: TAdminMatchRequest) => void;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const declineForm = useSchemaForm({
    loadSchema,
    initialValues: { request_id: request._id, note: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const options = {
    meta: { showsOwnErrors: true },
    onSuccess: () => {
      setError(null);
      setDeclining(false);
      return queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
    },
    onError: (e: unknown) => setError(describeError(e, []).message),
  };
  const introduce = useMutation(
    trpc.admin.introduceRequest.mutationOptions({
      ...options,
      onSuccess: (introduced) => {
        onIntroduced(introduced);
        return options.onSuccess();
      },
    }),
  );
  const decline = useMutation(trpc.admin.declineRequest.mutationOptions(options));
  const { requester, member } = request;
  return (
    <Card
      withBorder
      component="article"
      aria-label={`${requester.first_name} asks to meet ${member.first_name}`}
      data-testid="match-request"
    >
      <Stack gap="sm">
        {/* what the request says only shows: the server's markup is kept (lib/static-part.tsx) */}
        <StaticPart deps={[request]}>
          <Group justify="space-between">
            <Text size="sm">
              Asked on{' '}
              <strong>
                <Moment value={request.created_at} />
              </strong>
            </Text>
            <Badge color={STATUS_COLOR[request.status]} variant="light">
              {request.status_label}
            </Badge>
          </Group>
          <Group align="flex-start" wrap="wrap" gap="lg">
            <Person
              person={requester}
              role="Asks"
              link={
                <AnchorLink
                  fw={700}
                  to="/admin21/users/$id/owner"
                  params={{ id: requester._id }}
                  // the queue's row for j/k and Enter (ConsoleKeys)
                  data-console-row
                >
                  {requester.first_name}, {requester.age}
                </AnchorLink>
              }
            />
            <Person
              person={member}
              role="To meet"
              link={
                <AnchorLink fw={700} to="/admin21/members/$id" params={{ id: member._id }}>
                  {member.first_name}, {member.age}
                </AnchorLink>
              }
            />
          </Group>
          {request.status !== 'open' ? (
            <Text size="sm">
              {request.status === 'introduced' ? 'Introduction created' : 'Declined'}
              {request.handled_by ? ` by ${request.handled_by.first_name}` : ''}
              {request.handled_at ? (
                <>
                  {' on '}
                  <Moment value={request.handled_at} />
                </>
              ) : null}
              .{request.note ? ` Note to ${requester.first_name}: ${request.note}` : ''}{' '}
              {request.introduction_id ? (
                <AnchorLink
                  underline="always"
                  to="/admin21/users/$id/introductions"
                  params={{ id: requester._id }}
                >
                  Open {requester.first_name}’s introductions
                </AnchorLink>
              ) : null}
            </Text>
          ) : null}
        </StaticPart>
        {error ? (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        ) : null}
        {request.status === 'open' && !declining ? (
          <Group gap="sm">
            <Button
              loading={introduce.isPending}
              onClick={() => introduce.mutate({ request_id: request._id })}
            >
              Create the introduction with this match
            </Button>
            <Button variant="default" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </Group>
        ) : null}
        {request.status === 'open' && declining ? (
          <form
            noValidate
            onFocus={declineForm.preloadSchema}
            onSubmit={declineForm.onSubmit((input) => decline.mutate(input))}
          >
            <Stack gap="xs">
              <GrowingTextarea
                label={`Note to ${requester.first_name}`}
                description={`${requester.first_name} reads it on their introductions page.`}
                minRows={2}
                maxLength={MATCH_REQUEST_NOTE_MAX}
                {...declineForm.form.getInputProps('note')}
                data-autofocus
              />
              <Group gap="sm">
                <Button type="submit" color="red.9" loading={decline.isPending}>
                  Decline with this note
                </Button>
                <Button variant="default" onClick={() => setDeclining(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * What a pairing did and what comes next, in the dialog that follows "Create the introduction with this match": the
 * introduction is live at once (admin.introduceRequest switches it on), so the consultant has nothing left to do.
 */
export function IntroducedDialog({
  request,
  onClose,
}: {
  request: TAdminMatchRequest | null;
  onClose: () => void;
}) {
  const asker = request?.requester.first_name ?? '';
  const member = request?.member.first_name ?? '';
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title="Introduction created"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text>
          {asker}’s introduction to {member} is live: Open · ACTIVE.
        </Text>
        <Text size="sm">
          What happens next: {asker} sees it on their introductions page and requests it once they have
          premium for it. {member} is told only when {asker} requests it, and then accepts or declines; once
          accepted, both see each other’s phone number.
        </Text>
        <Group justify="space-between" mt="xs">
          {request ? (
            <AnchorLink to="/admin21/users/$id/introductions" params={{ id: request.requester._id }}>
              Open {asker}’s introductions
            </AnchorLink>
          ) : (
            <span />
          )}
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
