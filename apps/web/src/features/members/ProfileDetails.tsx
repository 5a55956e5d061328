import { Avatar, Badge, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TMemberProfile } from '@rhema/schemas';

/** A member's profile in the spec's shape: photos, country, citizenships, about me, core values, communities. */
export function ProfileDetails({ profile }: { profile: TMemberProfile }) {
  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="nowrap">
        <Avatar src={profile.profile_pic_url} alt="" size={120} radius="md" color="plum">
          {profile.first_name.slice(0, 1)}
        </Avatar>
        <Stack gap={4}>
          <Title order={1}>
            {profile.first_name}, {profile.age}
          </Title>
          <Text>{profile.country}</Text>
          {profile.data_occupation ? <Text c="dimmed">{profile.data_occupation.answer}</Text> : null}
        </Stack>
      </Group>
      {profile.countries.length ? (
        <Text>
          <strong>Citizenship:</strong> {profile.countries.join(', ')}
        </Text>
      ) : null}
      {profile.about_me.length ? (
        <Stack gap={4}>
          <Title order={2} fz="lg">
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
        <Stack gap={4}>
          <Title order={2} fz="lg">
            Core values
          </Title>
          <Group gap="xs">
            {profile.core_values.map((value) => (
              <Badge key={value} variant="light">
                {value}
              </Badge>
            ))}
          </Group>
        </Stack>
      ) : null}
      {profile.organisations.length ? (
        <Text>
          <strong>Communities:</strong> {profile.organisations.map((o) => o.name).join(', ')}
        </Text>
      ) : null}
      {profile.profile_pic_urls.length > 1 ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {profile.profile_pic_urls.map((url, index) => (
            <Image key={url} src={url} alt={`Photo ${index + 1} of ${profile.first_name}`} radius="md" />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
