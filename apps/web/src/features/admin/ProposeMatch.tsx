import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../components/overlays';
import type { TAdminIntroduction } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, FormAlert, useSchemaForm } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { formatDate } from '../../lib/dates';
import { introductionState } from './format';

/**
 * "Propose as match for ...": from a member's page or a search result, the consultant finds an owner's open
 * introduction (by the owner's first name) and makes this member its match, through the same staff procedure as a
 * suggested code (admin.setMatch: the one pairing rule, audited).
 */
export function ProposeMatch({
  member,
  size,
}: {
  member: { _id: string; first_name: string };
  size?: 'xs' | 'sm';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size={size} w="fit-content" onClick={() => setOpen(true)}>
        Propose {member.first_name} as a match
      </Button>
      {open ? <ProposeDialog member={member} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ProposeDialog({
  member,
  onClose,
}: {
  member: { _id: string; first_name: string };
  onClose: () => void;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [ownerName, setOwnerName] = useState('');
  const [done, setDone] = useState<TAdminIntroduction | null>(null);
  const { form, onSubmit } = useSchemaForm({ initialValues: { first_name: '' } });
  // open introductions only: a requested or accepted one keeps its match (docs/decisions/160-console-pairing.md)
  const list = useQuery(
    trpc.admin.introductions.queryOptions({ status: 'open', first_name: ownerName || undefined }),
  );
  const setMatch = useMutation(
    trpc.admin.setMatch.mutationOptions({
      onSuccess: (introduction) => {
        setDone(introduction);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      meta: { showsOwnErrors: true },
    }),
  );
  const candidates = (list.data?.data ?? []).filter((introduction) => introduction.user._id !== member._id);
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={`Propose ${member.first_name} as a match`}
      size="lg"
      centered
    >
      {done ? (
        <Stack gap="sm">
          <Alert color="green" role="status">
            {member.first_name} is now the match of {done.user.first_name}&apos;s introduction.
          </Alert>
          <Group justify="space-between">
            <AnchorLink to="/admin21/users/$id/introductions" params={{ id: done.user._id }}>
              Open {done.user.first_name}&apos;s introductions
            </AnchorLink>
            <Button onClick={onClose}>OK</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <form noValidate onSubmit={onSubmit((values) => setOwnerName(values.first_name.trim()))}>
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Owner's first name"
                description="Open introductions whose owner's name starts with it; blank lists the newest"
                style={{ flex: 1 }}
                data-autofocus
                {...form.getInputProps('first_name')}
              />
              <Button type="submit" variant="default">
                Find
              </Button>
            </Group>
          </form>
          {list.isFetching ? <Loader aria-label="Loading" size="sm" /> : null}
          <FormAlert
            message={
              list.error
                ? describeError(list.error, []).message
                : setMatch.error
                  ? describeError(setMatch.error, []).message
                  : null
            }
          />
          {list.data && candidates.length === 0 ? <Text>No open introduction found.</Text> : null}
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {candidates.map((introduction) => (
              <Group
                key={introduction._id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py={4}
                style={{ borderBottom: '1px solid var(--rhema-border)' }}
              >
                <Stack gap={0}>
                  <Text fw={700}>
                    {introduction.user.first_name}, {introduction.user.age}
                  </Text>
                  <Text fz="sm">
                    From {formatDate(introduction.created_at)}, ages {introduction.min_age} to{' '}
                    {introduction.max_age}; {introductionState(introduction)};{' '}
                    {introduction.contact ? `match: ${introduction.contact.first_name}` : 'no match yet'}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  loading={setMatch.isPending && setMatch.variables.id === introduction._id}
                  disabled={introduction.contact?._id === member._id}
                  onClick={() => setMatch.mutate({ id: introduction._id, user_id: member._id })}
                >
                  Propose as match for {introduction.user.first_name}
                </Button>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
