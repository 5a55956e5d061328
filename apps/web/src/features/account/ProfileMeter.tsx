import { Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import type { TOnboardingState } from '@rhema/schemas';
import { AnchorLink, ButtonLink } from '../../lib/links';

/**
 * The profile-completeness meter on /account, shown until the profile is complete (the one definition:
 * packages/schemas/src/onboarding.ts), with what is missing and the way back into an unfinished onboarding.
 */
export function ProfileMeter({ state }: { state: TOnboardingState }) {
  const { completeness, step } = state;
  if (completeness.complete && step === 'done') return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="meter-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h4" id="meter-title">
            Your profile is {completeness.percent}% complete
          </Title>
          {step === 'done' ? null : (
            <ButtonLink to="/account/welcome" size="sm">
              Continue setting up your profile
            </ButtonLink>
          )}
        </Group>
        {/* the label goes on the section, which is the progressbar */}
        <Progress.Root>
          <Progress.Section
            value={completeness.percent}
            color={completeness.complete ? 'green.8' : undefined}
            aria-label={`Profile ${completeness.percent}% complete`}
          />
        </Progress.Root>
        {completeness.missing.length ? (
          <>
            <Text fz="sm">Complete profiles are the ones members write to. Still to do:</Text>
            <List fz="sm" spacing={2}>
              {completeness.missing.map((item) => (
                <List.Item key={item.key}>
                  {item.key === 'community' ? (
                    <AnchorLink to="/communities">{item.label}</AnchorLink>
                  ) : (
                    <AnchorLink to="/account/profile">{item.label}</AnchorLink>
                  )}
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
