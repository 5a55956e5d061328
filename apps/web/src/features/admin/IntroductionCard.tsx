import { Badge, Button, Card, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { TAdminIntroduction } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { CountryFlag } from '../../components/CountryFlag';
import { VerifiedBadge } from '../verification/VerifiedBadge';
import { countryName, STAGE_LABEL, switchLabel } from './format';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/**
 * A card of the users list: flag, first name and age, occupation, photo linking to the detail,
 * email, phone, the stage and the switch (ACTIVE or SWITCHED OFF) apart, the match, Activate / DeActivate, the note
 * with 'Update note', the suggested members with 'Set as match' and 'Remove', and the code with 'Update Code'.
 * `onSuccess` shows the product's dialog.
 */
export function IntroductionCard({
  introduction,
  onSuccess,
}: {
  introduction: TAdminIntroduction;
  onSuccess: (message: string) => void;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [note, setNote] = useState(introduction.note2 ?? '');
  const [code, setCode] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  // a refusal ('No active member has the code …') is the server's message in the snack-bar, as for every call
  // (lib/api-errors.ts); a success is the product's dialog
  const options = (message: string) => ({
    onSuccess: () => {
      onSuccess(message);
      void refresh();
    },
  });
  const activate = useMutation(trpc.admin.activate.mutationOptions(options('Activated')));
  const deactivate = useMutation(trpc.admin.deactivate.mutationOptions(options('DeActivated')));
  // the product answers a note update 'DeActivated' by mistake; the console says what happened
  // (docs/decisions/160-console-pairing.md)
  const updateNote = useMutation(trpc.admin.note.mutationOptions(options('Note updated')));
  const removeCode = useMutation(trpc.admin.removeSuggestion.mutationOptions(options('Code removed')));
  const setMatch = useMutation(trpc.admin.setMatch.mutationOptions(options('Match set')));
  // the members are answering the current match: it cannot change now
  const matchLocked = introduction.status === 'requested' || introduction.status === 'accepted';
  const updateCode = useMutation(
    trpc.admin.suggestion.mutationOptions({
      onSuccess: () => {
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
            <CountryFlag code={user.country_code} /> {user.first_name}, {user.age}{' '}
            <VerifiedBadge verified={user.identity_verified} size="xs" />
          </Text>
          <Text size="sm">{user.data_occupation?.answer ?? 'Occupation not given'}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.account_email}
          </Text>
          <Text size="sm">{user.international_phone_number ?? 'No phone'}</Text>
          {/* two separate things: where the introduction stands, and whether the consultant switched it on */}
          <Group gap="xs">
            <Text size="sm">Stage: {STAGE_LABEL[introduction.status]}</Text>
            {introduction.is_active ? (
              // light green: its text is 5.6:1 on its tint (lib/theme.ts); white on green-9 is only 4.4:1
              <Badge color="green" variant="light">
                ACTIVE
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {switchLabel(false)}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            Match:{' '}
            {introduction.contact
              ? `${introduction.contact.first_name}, ${introduction.contact.age} (${countryName(introduction.contact.country_code)})`
              : 'none yet'}
          </Text>
          {introduction.codes.length ? <Text size="sm">Codes: {introduction.codes.join(', ')}</Text> : null}
          {introduction.blocked ? (
            // a block between owner and contact hides the introduction from both: the consultant is told here
            <Text size="sm" c="red.9" fw={700} data-testid="introduction-blocked">
              Blocked: {user.first_name} and {introduction.contact?.first_name ?? 'the contact'} have blocked
              each other; neither sees this introduction.
            </Text>
          ) : null}
        </Stack>
      </Group>
      {introduction.suggestions.length ? (
        <Stack
          gap={4}
          mt="sm"
          component="ul"
          aria-label="Suggested members"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {introduction.suggestions.map(({ code: suggested, member }) => (
            <Group key={suggested} component="li" gap="xs" wrap="nowrap">
              {member?.profile_pic_url ? (
                <Image src={member.profile_pic_url} alt="" w={40} h={40} radius="sm" />
              ) : null}
              <Text size="sm" style={{ flex: 1 }}>
                {suggested}:{' '}
                {member
                  ? `${member.first_name}, ${member.age}, ${member.country}`
                  : 'no longer an active member'}
              </Text>
              {member && introduction.contact?._id !== member._id ? (
                <Button
                  size="xs"
                  variant="light"
                  disabled={matchLocked}
                  loading={setMatch.isPending && setMatch.variables?.code === suggested}
                  onClick={() => setMatch.mutate({ id, code: suggested })}
                  aria-label={`Set ${suggested} as the match`}
                >
                  Set as match
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={removeCode.isPending && removeCode.variables?.code === suggested}
                onClick={() => removeCode.mutate({ id, code: suggested })}
                aria-label={`Remove code ${suggested}`}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
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
        <GrowingTextarea
          label="Consultant's note"
          value={note}
          minRows={2}
          maxRows={8}
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
      </Stack>
    </Card>
  );
}
