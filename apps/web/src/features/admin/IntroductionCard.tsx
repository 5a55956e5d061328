import { Alert, Badge, Button, Card, Group, Image, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { introductionStatusLabel, type TAdminIntroduction } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { trpc } from '../../lib/trpc';
import { countryName, flagOf } from './format';

/**
 * A card of the users list (spec section 2): flag, first name and age, occupation, photo linking to the detail,
 * email, phone, status ('open' as 'Active'), ACTIVE badge, Activate / DeActivate, the note with 'Update note' and
 * the code with 'Update Code'. `onSuccess` shows the spec's dialog.
 */
/**
 * Rows for a note, from its length: about its height without measuring it. Mantine's `autosize` measures each
 * textarea's layout when it mounts, and twenty of them were the longest part of the console list's first render
 * on a phone (Lighthouse's forced-reflow insight). Notes longer than eight rows scroll; the field can be resized.
 */
function noteRows(note: string): number {
  const CHARACTERS_PER_ROW = 40;
  const rows = note
    .split('\n')
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / CHARACTERS_PER_ROW)), 0);
  return Math.min(8, Math.max(2, rows));
}

export function IntroductionCard({
  introduction,
  onSuccess,
}: {
  introduction: TAdminIntroduction;
  onSuccess: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState(introduction.note2 ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  const options = (message: string) => ({
    onSuccess: () => {
      setError(null);
      onSuccess(message);
      void refresh();
    },
    onError: (e: unknown) => setError(describeError(e, []).message),
    meta: { showsOwnErrors: true },
  });
  const activate = useMutation(trpc.admin.activate.mutationOptions(options('Activated')));
  const deactivate = useMutation(trpc.admin.deactivate.mutationOptions(options('DeActivated')));
  // wording as in the product: a note update answers 'Success' / 'DeActivated' (spec section 8)
  const updateNote = useMutation(trpc.admin.note.mutationOptions(options('DeActivated')));
  const updateCode = useMutation(
    trpc.admin.suggestion.mutationOptions({
      ...options('Code added'),
      onSuccess: () => {
        setError(null);
        setCode('');
        onSuccess('Code added');
        void refresh();
      },
    }),
  );
  const user = introduction.user;
  const id = introduction._id;
  const titleId = `card-${id}`;

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <AnchorLink to="/admin21/introductions/users/$id" params={{ id: user._id }}>
          {user.profile_pic_url ? (
            <Image
              src={user.profile_pic_url}
              alt={`${user.first_name}'s introduction`}
              w={72}
              h={72}
              radius="sm"
            />
          ) : (
            <Text>{user.first_name}&apos;s introduction</Text>
          )}
        </AnchorLink>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text id={titleId} fw={700}>
            <span role="img" aria-label={countryName(user.country_code)}>
              {flagOf(user.country_code)}
            </span>{' '}
            {user.first_name}, {user.age}
          </Text>
          <Text size="sm">{user.data_occupation?.answer ?? 'Occupation not given'}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.account_email}
          </Text>
          <Text size="sm">{user.international_phone_number ?? 'No phone'}</Text>
          <Group gap="xs">
            <Text size="sm">Status: {introductionStatusLabel(introduction.status)}</Text>
            {introduction.is_active ? (
              // light green: its text is 5.6:1 on its tint (lib/theme.ts); white on green-9 is only 4.4:1
              <Badge color="green" variant="light">
                ACTIVE
              </Badge>
            ) : null}
          </Group>
          {introduction.codes.length ? <Text size="sm">Codes: {introduction.codes.join(', ')}</Text> : null}
        </Stack>
      </Group>
      <Stack gap="xs" mt="sm">
        {introduction.is_active ? (
          <Button variant="default" loading={deactivate.isPending} onClick={() => deactivate.mutate({ id })}>
            DeActivate
          </Button>
        ) : (
          <Button loading={activate.isPending} onClick={() => activate.mutate({ id })}>
            Activate
          </Button>
        )}
        <Textarea
          label="Consultant's note"
          value={note}
          rows={noteRows(note)}
          resize="vertical"
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Button
          variant="light"
          loading={updateNote.isPending}
          onClick={() => updateNote.mutate({ id, note })}
        >
          Update note
        </Button>
        <TextInput
          label="Code"
          value={code}
          maxLength={6}
          autoCapitalize="characters"
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button
          variant="light"
          loading={updateCode.isPending}
          onClick={() => updateCode.mutate({ id, code })}
        >
          Update Code
        </Button>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
