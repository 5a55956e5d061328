import { Badge, Group, Image, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TMemberProfile } from '@rhema/schemas';
import { CountryFlag } from '../../components/CountryFlag';
import { VerifiedBadge } from '../verification/VerifiedBadge';
import { countryName } from './format';
import { VisibilityMark } from './VisibilityMark';

/** Header of a member: country, name, age, occupation, photo, email, phone (the user view). */
export function ProfileHeader({ profile }: { profile: TMemberProfile }) {
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      {profile.profile_pic_url ? (
        <Image
          src={profile.profile_pic_url}
          alt={`Photo of ${profile.first_name}`}
          w={120}
          h={120}
          radius="md"
        />
      ) : null}
      <Stack gap={4}>
        <Text>
          <CountryFlag code={profile.country_code} decorative /> {countryName(profile.country_code)}
        </Text>
        <Title order={1}>
          {profile.first_name}, {profile.age}
        </Title>
        <VerifiedBadge verified={profile.identity_verified} />
        <VisibilityMark visibility={profile.profile_visibility} />
        <Text>{profile.data_occupation?.answer ?? 'Occupation not given'}</Text>
        <Text>Email: {profile.account_email ?? 'Not provided'}</Text>
        <Text>Phone: {profile.international_phone_number ?? 'Not provided'}</Text>
      </Stack>
    </Group>
  );
}

/** Citizenship, About me (hint and answer, answered ones only), core values, Photos, Affiliations. */
export function ProfileSections({
  profile,
  withPhotos = true,
}: {
  profile: TMemberProfile;
  withPhotos?: boolean;
}) {
  return (
    <Stack gap="lg" mt="lg">
      <section aria-labelledby="citizenship-title">
        <Title order={2} id="citizenship-title" size="h3">
          Citizenship
        </Title>
        <Text>{profile.countries.length ? profile.countries.join(', ') : 'Not provided'}</Text>
      </section>
      <section aria-labelledby="about-title">
        <Title order={2} id="about-title" size="h3">
          About me
        </Title>
        {profile.about_me.length ? (
          <List listStyleType="none" spacing="xs">
            {profile.about_me.map((item) => (
              <List.Item key={item.key}>
                <Text fw={600} span>
                  {item.hint}
                </Text>{' '}
                <Text span>{item.answer}</Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text>Not provided</Text>
        )}
      </section>
      <section aria-labelledby="values-title">
        <Title order={2} id="values-title" size="h3">
          Core values
        </Title>
        <Group gap="xs">
          {profile.core_values.length ? (
            profile.core_values.map((value) => (
              <Badge key={value} variant="light" color="dark">
                {value}
              </Badge>
            ))
          ) : (
            <Text>Not provided</Text>
          )}
        </Group>
      </section>
      {withPhotos ? (
        <section aria-labelledby="photos-title">
          <Title order={2} id="photos-title" size="h3">
            Photos
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {profile.profile_pics.map((pic, index) => (
              <Image
                key={pic.url}
                src={pic.url}
                alt={`Photo ${index + 1} of ${profile.first_name}`}
                radius="sm"
              />
            ))}
          </SimpleGrid>
        </section>
      ) : null}
      <section aria-labelledby="affiliations-title">
        <Title order={2} id="affiliations-title" size="h3">
          Affiliations
        </Title>
        <Text>
          {profile.organisations.length
            ? profile.organisations.map((o) => o.name).join(', ')
            : 'Not provided'}
        </Text>
      </section>
    </Stack>
  );
}
