import { Alert, Blockquote, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../components/overlays';
import type { TSpecialConsentGrant, TSpecialConsentState } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { formatDate } from '../../lib/dates';

// The special-category consent on /account/profile (docs/decisions/083-special-category-consent.md): faith,
// ethnicity and tribe are answered only after the member agrees to the text shown here, and withdrawing deletes
// the answers (the server does both: packages/core/src/profiles/special-consent.ts).

/** "Religion, Ethnicity and Tribe" */
function listOf(questions: TSpecialConsentState['questions']) {
  const hints = questions.map((q) => q.hint);
  return hints.length <= 1 ? (hints[0] ?? '') : `${hints.slice(0, -1).join(', ')} and ${hints.at(-1)}`;
}

export function SpecialConsentSection() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const titleId = useId();
  const state = useQuery(trpc.profile.specialConsent.queryOptions());
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSettled = (next: TSpecialConsentState, text: string) => {
    queryClient.setQueryData(trpc.profile.specialConsent.queryKey(), next);
    // the form gains or loses the questions, and profiles shown elsewhere change
    void queryClient.invalidateQueries();
    setError(null);
    setMessage(text);
  };
  const give = useMutation(
    trpc.profile.giveSpecialConsent.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: (next) =>
        onSettled(next, `Thank you. You can now answer ${listOf(next.questions)} in About me below.`),
      onError: (e) => setError(describeError(e, []).message),
    }),
  );
  const withdraw = useMutation(
    trpc.profile.withdrawSpecialConsent.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: (next) =>
        onSettled(
          next,
          `Your consent is withdrawn and your answers to ${listOf(next.questions)} are deleted.`,
        ),
      onError: (e) => setError(describeError(e, []).message),
    }),
  );

  const data = state.data;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={titleId} maw={560}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          Faith, ethnicity and tribe
        </Title>
        {message ? (
          <Alert color="green" role="status">
            {message}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {!data ? (
          state.isError ? (
            <Alert color="red" role="alert">
              {describeError(state.error, []).message}
            </Alert>
          ) : (
            <Loader size="sm" aria-label="Loading your consent" />
          )
        ) : (
          <>
            <Text size="sm">
              {listOf(data.questions)} are special-category data under data protection law. We keep and show
              your answers only with your separate consent, which you can withdraw at any time.
            </Text>
            <Blockquote p="sm" color="plum" cite={`Consent text, version ${data.text_version}`}>
              {data.text}
            </Blockquote>
            {data.consented ? (
              <>
                <Text size="sm" data-testid="special-consent-status">
                  You gave this consent on {formatDate(data.granted_at ?? '')}
                  {data.granted_text_version && data.granted_text_version !== data.text_version
                    ? ` (to version ${data.granted_text_version} of the text)`
                    : ''}
                  . Your answers to {listOf(data.questions)} are in About me below.
                </Text>
                <Group>
                  <Button
                    variant="outline"
                    color="red.9"
                    onClick={() => setConfirming(true)}
                    loading={withdraw.isPending}
                  >
                    Withdraw consent
                  </Button>
                </Group>
              </>
            ) : (
              <>
                <Text size="sm" data-testid="special-consent-status">
                  You have not given this consent, so {listOf(data.questions)} cannot be answered: they appear
                  in About me once you agree.
                </Text>
                <Group>
                  <Button
                    onClick={() => {
                      setMessage(null);
                      // the version of the text shown above: the server refuses it if the text changed meanwhile
                      give.mutate({
                        text_version: data.text_version as TSpecialConsentGrant['text_version'],
                      });
                    }}
                    loading={give.isPending}
                  >
                    I agree: give consent
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title="Withdraw your consent?"
        centered
      >
        <Stack gap="md">
          <Text>
            Your answers to {data ? listOf(data.questions) : 'these questions'} will be deleted at once, and
            other members and our consultants will no longer see them. You can give your consent again later
            and answer again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep my consent
            </Button>
            <Button
              color="red.9"
              onClick={() => {
                setConfirming(false);
                setMessage(null);
                withdraw.mutate();
              }}
            >
              Withdraw and delete my answers
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
