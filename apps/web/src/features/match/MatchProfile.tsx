import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TMemberProfile } from '@rhema/schemas';
import type { ReactNode } from 'react';
import { CountryFlag } from '../../components/CountryFlag';
import { placeOf } from '../../lib/place';
import { StaticPart } from '../../lib/static-part';
import { VerifiedBadge } from '../verification/VerifiedBadge';
import classes from './MatchProfile.module.css';

/**
 * A member's profile laid out for reading: the public one behind a match reference (never email or phone: the API
 * does not even send them) and a member's page at /members/{id}, which names the person in its h1 and puts its
 * actions (`children`) in the header card. What it shows is the server's markup, kept (lib/static-part.tsx); only the
 * actions are hydrated.
 */
export function MatchProfile({
  profile,
  nameLevel = 2,
  children,
}: {
  profile: TMemberProfile;
  nameLevel?: 1 | 2;
  children?: ReactNode;
}) {
  const aboutMe = profile.about_me.filter((pair) => pair.key !== 'occupation');
  return (
    <Stack gap="xl">
      <Card withBorder radius="lg" padding="lg">
        <StaticPart deps={[profile, nameLevel]}>
          <div className={classes.header}>
            {profile.profile_pic_url ? (
              <img
                src={profile.profile_pic_url}
                alt={`Photo of ${profile.first_name}`}
                width={160}
                height={160}
                className={classes.photo}
              />
            ) : (
              <div
                className={classes.noPhoto}
                role="img"
                aria-label={`${profile.first_name} has no photo yet`}
              >
                {profile.first_name.charAt(0)}
              </div>
            )}
            <Stack gap={6}>
              <Title order={nameLevel} style={{ overflowWrap: 'anywhere' }}>
                {profile.first_name}, {profile.age}
              </Title>
              <VerifiedBadge verified={profile.identity_verified} />
              <Group gap={6} wrap="nowrap">
                <CountryFlag code={profile.country_code} decorative />
                <Text>
                  {/* the town and the country ("London, United Kingdom"): a label that says both */}
                  <Text span fw={600}>
                    Lives in:
                  </Text>{' '}
                  {placeOf(profile)}
                </Text>
              </Group>
              <Text>
                <Text span fw={600}>
                  {profile.data_occupation?.user_data_question.hint ?? 'Occupation'}:
                </Text>{' '}
                {profile.data_occupation?.answer ?? 'Not provided'}
              </Text>
              <Group gap={6} mt={4}>
                <Text span fw={600}>
                  Citizenship:
                </Text>
                {profile.countries.length ? (
                  profile.countries.map((country) => (
                    <Badge key={country} variant="light" size="lg" radius="sm">
                      {country}
                    </Badge>
                  ))
                ) : (
                  <Text span>Not provided</Text>
                )}
              </Group>
            </Stack>
          </div>
        </StaticPart>
        {children}
      </Card>

      <StaticPart deps={[profile]}>
        <section aria-labelledby="about-me-title">
          <Title order={2} size="h3" id="about-me-title" mb="sm">
            About me
          </Title>
          {aboutMe.length ? (
            <dl className={classes.pairs}>
              {aboutMe.map((pair) => (
                <div key={pair.key} className={classes.pair}>
                  <dt>{pair.hint}</dt>
                  <dd>{pair.answer}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <Text c="dimmed">{profile.first_name} has not answered any profile questions yet.</Text>
          )}
        </section>

        {profile.core_values.length || profile.organisations.length ? (
          <section aria-labelledby="values-title">
            <Title order={2} size="h3" id="values-title" mb="sm">
              Values and communities
            </Title>
            <Stack gap="sm">
              {profile.core_values.length ? (
                <Group gap={6}>
                  {profile.core_values.map((value) => (
                    <Badge key={value} variant="light" size="lg" radius="sm" tt="none">
                      {value}
                    </Badge>
                  ))}
                </Group>
              ) : null}
              {profile.organisations.length ? (
                <Text>
                  <Text span fw={600}>
                    Communities:
                  </Text>{' '}
                  {profile.organisations.map((o) => o.name).join(', ')}
                </Text>
              ) : null}
            </Stack>
          </section>
        ) : null}

        <section aria-labelledby="photos-title">
          <Title order={2} size="h3" id="photos-title" mb="sm">
            Photos
          </Title>
          {profile.profile_pic_urls.length ? (
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
              {profile.profile_pic_urls.map((url, index) => (
                <Image
                  key={url}
                  src={url}
                  alt={`Photo ${index + 1} of ${profile.first_name}`}
                  radius="md"
                  loading="lazy"
                  w="100%"
                  h="auto"
                  width={240}
                  height={240}
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed">{profile.first_name} has not added photos yet.</Text>
          )}
        </section>
      </StaticPart>
    </Stack>
  );
}
