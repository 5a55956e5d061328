import { Avatar, Card, Group, Stack, Text } from '@mantine/core';
import type { TMemberProfile } from '@rhema/schemas';
import { AnchorLink } from '../../lib/links';
import type { ReactNode } from 'react';

/** One member in a list: photo, first name and age, country, occupation; the name links to the profile page. */
export function MemberCard({ member, children }: { member: TMemberProfile; children?: ReactNode }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={`${member.first_name}, ${member.age}`}>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={member.profile_pic_url} alt="" size={64} radius="md" color="plum">
          {member.first_name.slice(0, 1)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <AnchorLink fw={700} fz="lg" to="/members/$memberId" params={{ memberId: member._id }}>
            {member.first_name}, {member.age}
          </AnchorLink>
          <Text fz="sm">{member.country}</Text>
          {member.data_occupation ? (
            <Text fz="sm" c="dimmed" truncate>
              {member.data_occupation.answer}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {children ? (
        <Group gap="xs" mt="sm">
          {children}
        </Group>
      ) : null}
    </Card>
  );
}
