import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TEvent } from '@rhema/schemas';
import { formatDateTime } from '../../lib/dates';
import { QrCode } from './QrCode';

/** The code in groups of four, easier to read aloud at the door ('ABCD EFGH'); staff may type it either way. */
function spaced(code: string) {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A confirmed place's ticket: the check-in code as a QR code for staff to scan, and as text to read out. */
export function Ticket({ event, code }: { event: TEvent; code: string }) {
  const checkedIn = event.my_rsvp?.checked_in_at;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="ticket-title">
      <Group align="center" gap="lg" wrap="wrap">
        <QrCode text={code} size={200} label={`QR code of your check-in code ${code}`} />
        <Stack gap={6}>
          <Title order={2} fz="h3" id="ticket-title">
            Your ticket
          </Title>
          <Text fz="sm">Check-in code</Text>
          <Text ff="monospace" fz={28} fw={700} lh={1.2} data-testid="check-in-code">
            {spaced(code)}
          </Text>
          <Text fz="sm" maw={320}>
            {checkedIn
              ? `Checked in on ${formatDateTime(checkedIn)}. Enjoy the evening.`
              : 'Show this code at the door: our team scans it or types it in. It works once.'}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
