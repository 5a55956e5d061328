import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { TMemberProfile } from '@rhema/schemas';

/** The other member of an introduction, in the one profile shape: photo, name, age, country, occupation, contacts. */
export function PersonSummary({ person }: { person: TMemberProfile }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Avatar src={person.profile_pic_url} alt="" size={64} radius="md">
        {person.first_name.slice(0, 1)}
      </Avatar>
      <Stack gap={2}>
        <Text fw={700} fz="lg">
          {person.first_name}, {person.age}
        </Text>
        <Text fz="sm">{[person.data_occupation?.answer, person.country].filter(Boolean).join(' · ')}</Text>
        {person.international_phone_number ? (
          <Text fz="sm">
            Phone:{' '}
            <a href={`tel:${person.international_phone_number}`}>{person.international_phone_number}</a>
          </Text>
        ) : null}
        {person.account_email ? (
          <Text fz="sm">
            Email: <a href={`mailto:${person.account_email}`}>{person.account_email}</a>
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
