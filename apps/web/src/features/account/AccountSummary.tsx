import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  INTRODUCTION_STATUS_LABEL,
  INTRODUCTION_STATUSES,
  type TContactDisclosure,
  type TIntroduction,
} from '@rhema/schemas';
import { AnchorLink } from '../../lib/links';
import { formatDate } from '../../lib/dates';

/**
 * The member's summary on /account: introductions by status, premium per introduction, and
 * "who can see my phone number" with the date each was shared (every release is recorded on the server).
 */
export function AccountSummary({
  introductions,
  disclosures,
}: {
  introductions: TIntroduction[];
  disclosures: TContactDisclosure[];
}) {
  const premium = introductions.filter((i) => i.role === 'owner' && i.premium !== 'none');
  const phoneViewers = disclosures.filter((d) => d.fields.includes('international_phone_number'));
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="summary-introductions">
        <Title order={2} fz="h4" id="summary-introductions">
          My introductions
        </Title>
        <List listStyleType="none" spacing={4} mt="sm">
          {INTRODUCTION_STATUSES.map((status) => (
            <List.Item key={status}>
              {INTRODUCTION_STATUS_LABEL[status]}:{' '}
              <strong>{introductions.filter((i) => i.status === status).length}</strong>
            </List.Item>
          ))}
        </List>
        <AnchorLink to="/account/introductions" mt="sm" display="inline-block">
          See my introductions
        </AnchorLink>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="summary-premium">
        <Title order={2} fz="h4" id="summary-premium">
          Premium
        </Title>
        {premium.length ? (
          <Stack gap={4} mt="sm">
            {premium.map((i) => (
              <Group key={i._id} gap="xs">
                <Text fz="sm">{i.contact ? `With ${i.contact.first_name}` : 'Introduction'}:</Text>
                <Badge color={i.premium === 'active' ? 'green' : 'orange'} variant="light">
                  {i.premium === 'active' ? 'Active' : 'Waiting for payment'}
                </Badge>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text fz="sm" mt="sm">
            No premium yet. Premium is taken per introduction, when you request one.
          </Text>
        )}
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="summary-phone">
        <Title order={2} fz="h4" id="summary-phone">
          Who can see my phone number
        </Title>
        {phoneViewers.length ? (
          <List spacing={4} mt="sm">
            {phoneViewers.map((d) => (
              <List.Item key={d._id}>
                {d.viewer.first_name}, since {formatDate(d.disclosed_at)}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text fz="sm" mt="sm">
            Nobody. Your number is shared only when you and another member both accept an introduction.
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
}
