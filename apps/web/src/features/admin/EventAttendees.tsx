import { Badge, Table, Text, Title } from '@mantine/core';
import type { TAdminAttendee } from '@rhema/schemas';
import { formatDateTime } from '../../lib/dates';
import { AnchorLink } from '../../lib/links';

function Guests({
  attendees,
  caption,
  waitlist,
}: {
  attendees: readonly TAdminAttendee[];
  caption: string;
  waitlist?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" striped>
        <caption style={{ textAlign: 'left', captionSide: 'top' }}>
          <Text span fz="sm" c="dimmed">
            {caption}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            {waitlist ? <Table.Th scope="col">Position</Table.Th> : null}
            <Table.Th scope="col">Guest</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            {waitlist ? null : <Table.Th scope="col">Code</Table.Th>}
            {waitlist ? null : <Table.Th scope="col">Checked in</Table.Th>}
            <Table.Th scope="col">Answered</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attendees.map((a) => (
            <Table.Tr key={a._id}>
              {waitlist ? <Table.Td>{a.waitlist_position}</Table.Td> : null}
              <Table.Td>
                <AnchorLink to="/admin21/members/$id" params={{ id: a.user._id }}>
                  {a.user.first_name} {a.user.last_name}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{a.user.email}</Table.Td>
              {waitlist ? null : <Table.Td ff="monospace">{a.check_in_code}</Table.Td>}
              {waitlist ? null : (
                <Table.Td>
                  {a.checked_in_at ? (
                    <Badge color="teal.9">{formatDateTime(a.checked_in_at)}</Badge>
                  ) : (
                    'Not yet'
                  )}
                </Table.Td>
              )}
              <Table.Td>{formatDateTime(a.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The event's guests (confirmed places) and its waitlist in arrival order, for staff. */
export function EventAttendees({ attendees }: { attendees: readonly TAdminAttendee[] }) {
  const confirmed = attendees.filter((a) => a.status === 'confirmed');
  const waitlisted = attendees
    .filter((a) => a.status === 'waitlisted')
    .sort((a, b) => (a.waitlist_position ?? 0) - (b.waitlist_position ?? 0));
  return (
    <>
      <section aria-labelledby="guests-title">
        <Title order={2} fz="h3" id="guests-title">
          Guests ({confirmed.length})
        </Title>
        {confirmed.length ? (
          <Guests attendees={confirmed} caption="Confirmed places, with their check-in codes" />
        ) : (
          <Text mt="xs">No confirmed guests yet.</Text>
        )}
      </section>
      <section aria-labelledby="waitlist-title">
        <Title order={2} fz="h3" id="waitlist-title">
          Waitlist ({waitlisted.length})
        </Title>
        {waitlisted.length ? (
          <Guests
            attendees={waitlisted}
            caption="In arrival order: the first gets the next place that frees up"
            waitlist
          />
        ) : (
          <Text mt="xs">Nobody is waiting.</Text>
        )}
      </section>
    </>
  );
}
