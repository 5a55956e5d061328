import { Avatar, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COUNTRY_NAME, PROFILE_VISIBILITY_TEXT, type TMyProfile } from '@rhema/schemas';
import { AnchorLink } from '../../lib/links';
import { VerifiedBadge } from '../verification/VerifiedBadge';

/** The member's own profile (packages/schemas/src/profile.ts). */
export function ProfileCard({ profile }: { profile: TMyProfile }) {
  const country = COUNTRY_NAME[profile.country_code] ?? profile.country_code;
  return (
    <Card withBorder padding="lg">
      <Group align="flex-start" wrap="nowrap">
        <Avatar src={profile.profile_pic_url} alt="" size={96} radius="md">
          {profile.first_name.slice(0, 1)}
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2}>
              {profile.first_name}, {profile.age}
            </Title>
            <VerifiedBadge verified={profile.identity_verified} />
          </Group>
          <Text>{[profile.city, country].filter(Boolean).join(', ')}</Text>
          <Text fz="sm" c="dimmed">
            Your reference: <strong>{profile.contact_reference}</strong>
            {profile.profile_visibility === 'visible'
              ? ''
              : ` (your profile is ${PROFILE_VISIBILITY_TEXT[profile.profile_visibility].label.toLowerCase()})`}
          </Text>
          <Text fz="sm">
            <AnchorLink to="/account/verification">
              {profile.identity_verified ? 'Your identity verification' : 'Verify your identity'}
            </AnchorLink>
          </Text>
        </Stack>
      </Group>
      {profile.countries.length ? (
        <Text mt="md">
          <strong>Citizenship:</strong> {profile.countries.map((c) => COUNTRY_NAME[c] ?? c).join(', ')}
        </Text>
      ) : null}
      {profile.about_me.length ? (
        <Stack mt="md" gap={4}>
          <Title order={3} fz="md">
            About me
          </Title>
          {profile.about_me.map((item) => (
            <Text key={item.key}>
              <strong>{item.hint}:</strong> {item.answer}
            </Text>
          ))}
        </Stack>
      ) : null}
      {profile.core_values.length ? (
        <Group mt="md" gap="xs">
          {profile.core_values.map((value) => (
            <Badge key={value} variant="light">
              {value}
            </Badge>
          ))}
        </Group>
      ) : null}
      {profile.organisations.length ? (
        <Text mt="md">
          <strong>Communities:</strong> {profile.organisations.map((o) => o.name).join(', ')}
        </Text>
      ) : null}
      {profile.profile_pic_urls.length > 1 ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
          {profile.profile_pic_urls.map((url) => (
            <Image key={url} src={url} alt="" radius="md" />
          ))}
        </SimpleGrid>
      ) : null}
    </Card>
  );
}
