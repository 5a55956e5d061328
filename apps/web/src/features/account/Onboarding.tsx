import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ONBOARDING_STEPS, type TOnboardingStep } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { ProfileEditForm } from './ProfileEditForm';
import { ProfilePhotos } from './ProfilePhotos';
import { SpecialConsentSection } from './SpecialConsentSection';

type Step = (typeof ONBOARDING_STEPS)[number];

const STEP_TITLE: Record<Step, string> = {
  photos: 'Add your photos',
  answers: 'About you',
  communities: 'Join communities',
  consent: 'Faith, ethnicity and tribe',
};

/**
 * The onboarding after sign-up (/account/welcome): photos, the main answers, communities, then the special-category
 * consent explained. Each step reached is saved on the server (profile.saveOnboarding), so leaving ("Skip for
 * now") and coming back resumes there, on any device; /account offers the way back until it is finished.
 */
export function Onboarding({ startAt }: { startAt: TOnboardingStep }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const first: Step = startAt === 'done' ? 'photos' : startAt;
  const [step, setStep] = useState<Step>(first);
  const heading = useRef<HTMLHeadingElement>(null);
  const index = ONBOARDING_STEPS.indexOf(step);
  const save = useMutation(
    trpc.profile.saveOnboarding.mutationOptions({
      onSuccess: (state) => queryClient.setQueryData(trpc.profile.onboarding.queryKey(), state),
    }),
  );
  // a new step is announced and read from its title, as a new page would be
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);

  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
    save.mutate({ step: next });
  };
  const finish = async () => {
    await save.mutateAsync({ step: 'done' });
    await navigate({ to: '/account' });
  };
  const next = () => {
    const following = ONBOARDING_STEPS[index + 1];
    if (following) go(following);
    else void finish();
  };
  const last = index === ONBOARDING_STEPS.length - 1;

  return (
    <Stack gap="lg">
      <div>
        <Text fz="sm" c="dimmed" id="onboarding-progress">
          Step {index + 1} of {ONBOARDING_STEPS.length}
        </Text>
        {/* the label goes on the section, which is the progressbar */}
        <Progress.Root mt={4}>
          <Progress.Section
            value={((index + 1) / ONBOARDING_STEPS.length) * 100}
            aria-labelledby="onboarding-progress"
          />
        </Progress.Root>
      </div>
      <Title order={2} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {STEP_TITLE[step]}
      </Title>
      {step === 'photos' ? (
        <>
          <Text>
            Members look at photos first. Add at least one where your face is clear; the first one is your
            profile picture.
          </Text>
          <ProfilePhotos />
        </>
      ) : null}
      {step === 'answers' ? <AnswersStep onSaved={next} /> : null}
      {step === 'communities' ? <CommunitiesStep /> : null}
      {step === 'consent' ? (
        <>
          <Text>
            Faith, ethnicity and tribe matter to many members when they choose a partner. They are also
            special-category personal data, so Rhema keeps your answers to them only if you agree, separately
            from everything else. It is entirely your choice: without it these questions stay empty and
            everything else works the same. You can agree later on your profile page, and withdraw at any
            time, which deletes the answers at once.
          </Text>
          <SpecialConsentSection />
        </>
      ) : null}
      {save.isError ? (
        <Alert color="red" role="alert">
          {describeError(save.error, []).message}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Group gap="sm">
          {index > 0 ? (
            <Button variant="default" onClick={() => go(ONBOARDING_STEPS[index - 1]!)}>
              Back
            </Button>
          ) : null}
          {step === 'answers' ? null : (
            <Button onClick={next} loading={save.isPending && last}>
              {last ? 'Finish' : 'Next'}
            </Button>
          )}
        </Group>
        <Button variant="subtle" onClick={() => void navigate({ to: '/account' })}>
          Skip for now
        </Button>
      </Group>
    </Stack>
  );
}

/** The main answers, through the profile form itself (its choices, its checks, its feedback). */
function AnswersStep({ onSaved }: { onSaved: () => void }) {
  const trpc = useTrpc();
  const editor = useQuery(trpc.profile.editor.queryOptions());
  if (editor.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(editor.error, []).message}
      </Alert>
    );
  }
  if (!editor.data) return <Loader aria-label="Loading your profile" />;
  return (
    <>
      <Text>The answers most members look for. You can add the others on your profile page at any time.</Text>
      <ProfileEditForm editor={editor.data} main submitLabel="Save and continue" onSaved={onSaved} />
    </>
  );
}

/** Interest and professional communities to join in one tap; faith ones come with the consent (next step). */
function CommunitiesStep() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.communities.list.queryOptions());
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.communities.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.profile.onboarding.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
  };
  const join = useMutation(trpc.communities.join.mutationOptions({ onSuccess: settle }));
  const leave = useMutation(trpc.communities.leave.mutationOptions({ onSuccess: settle }));
  if (list.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(list.error, []).message}
      </Alert>
    );
  }
  if (!list.data) return <Loader aria-label="Loading communities" />;
  const open = list.data.filter((c) => c.kind !== 'faith');
  return (
    <>
      <Text>
        Communities are small groups where members meet around what they share. Join a few; they show on your
        profile. Faith communities are on the Communities page once you have read the next step.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {open.map((community) => (
          <Card key={community.slug} withBorder padding="sm" component="article" aria-label={community.name}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={700}>{community.name}</Text>
                <Text fz="sm" c="dimmed">
                  {community.description}
                </Text>
              </div>
              {community.joined ? (
                <Stack gap={4} align="flex-end">
                  <Badge>Joined</Badge>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Leave ${community.name}`}
                    loading={leave.isPending && leave.variables.slug === community.slug}
                    onClick={() => leave.mutate({ slug: community.slug })}
                  >
                    Leave
                  </Button>
                </Stack>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`Join ${community.name}`}
                  loading={join.isPending && join.variables.slug === community.slug}
                  onClick={() => join.mutate({ slug: community.slug })}
                >
                  Join
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
