import { Card, Group, Stack, Text } from '@mantine/core';
import type { TMemberProfile } from '@rhema/schemas';
import { VerifiedBadge } from '../verification/VerifiedBadge';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CountryFlag } from '../../components/CountryFlag';
import { AnchorLink } from '../../lib/links';
import { placeOf } from '../../lib/place';
import { StaticPart } from '../../lib/static-part';
import classes from './MemberCard.module.css';

// the answers that say most about a person at a glance, in the order a card prefers them
const CARD_PROMPTS = ['relationship_goal', 'hobbies', 'languages', 'education'];

/** The one profile answer a card shows under the occupation: a preferred prompt, else any other answer. */
export function cardPrompt(member: TMemberProfile) {
  const answers = member.about_me.filter((item) => item.key !== 'occupation');
  for (const key of CARD_PROMPTS) {
    const found = answers.find((item) => item.key === key);
    if (found) return found;
  }
  return answers[0];
}

// a list's photos past its first row: loaded as the member scrolls near them, not with the first screen
const FIRST_ROW = 3;

/**
 * One member in a list: a large photo first (it and the name link to the profile page), first name and age, town
 * and country with the flag, occupation, one profile answer and their handle (contact reference). `index`, the
 * card's place in its list: the first photo, the largest thing on a phone's first screen, is fetched before the
 * others; those past the first row wait until they are near. The card only shows (the server's markup is kept,
 * lib/static-part.tsx); `children`, what can be pressed, go below it.
 */
export function MemberCard({
  member,
  index,
  children,
}: {
  member: TMemberProfile;
  index: number;
  children?: ReactNode;
}) {
  const prompt = cardPrompt(member);
  const profileLink = { to: '/members/$memberId', params: { memberId: member._id } } as const;
  return (
    <Card
      withBorder
      padding={0}
      radius="lg"
      component="article"
      className={classes.card}
      aria-label={`${member.first_name}, ${member.age}`}
    >
      <StaticPart deps={[member, index]}>
        {/* the photo repeats the name's link for the pointer; the keyboard and screen readers get the name alone */}
        <Link
          {...profileLink}
          className={classes.photoLink}
          tabIndex={-1}
          aria-hidden="true"
          data-testid="member-card-photo"
        >
          {member.profile_pic_url ? (
            <img
              src={member.profile_pic_url}
              alt=""
              width={400}
              height={500}
              className={classes.photo}
              fetchPriority={index === 0 ? 'high' : undefined}
              loading={index >= FIRST_ROW ? 'lazy' : undefined}
              decoding="async"
            />
          ) : (
            <span className={classes.initial}>{member.first_name.slice(0, 1)}</span>
          )}
        </Link>
        <Stack gap={4} p="md" style={{ flex: 1 }}>
          <AnchorLink fw={700} fz="xl" {...profileLink}>
            {member.first_name}, {member.age}
          </AnchorLink>
          <VerifiedBadge verified={member.identity_verified} size="xs" />
          <Group gap={6} wrap="nowrap">
            <CountryFlag code={member.country_code} decorative />
            <Text fz="sm" truncate>
              {placeOf(member)}
            </Text>
          </Group>
          {member.data_occupation ? (
            <Text fz="sm" fw={600} truncate>
              {member.data_occupation.answer}
            </Text>
          ) : null}
          {prompt ? (
            <Text fz="sm" className={classes.prompt} lineClamp={2}>
              <Text span c="dimmed" fz="sm">
                {prompt.hint}:
              </Text>{' '}
              {prompt.answer}
            </Text>
          ) : null}
          {member.contact_reference ? (
            <Text fz="sm">
              Handle: <strong>{member.contact_reference}</strong>
            </Text>
          ) : null}
        </Stack>
      </StaticPart>
      {children ? (
        <Stack gap="xs" px="md" pb="md">
          {children}
        </Stack>
      ) : null}
    </Card>
  );
}
