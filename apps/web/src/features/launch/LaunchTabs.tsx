import { Anchor, Card, List, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';

export const LAUNCH_TABS = ['welcome', 'programme', 'guest'] as const;
export type LaunchTab = (typeof LAUNCH_TABS)[number];

function isLaunchTab(value: string): value is LaunchTab {
  return (LAUNCH_TABS as readonly string[]).includes(value);
}

const PROGRAMME = [
  { time: '5:00pm', item: 'Doors open: welcome drinks, name badges and a hello from the hosts' },
  { time: '5:45pm', item: 'Why Rhema: our founders on dating with intention' },
  { time: '6:15pm', item: 'Speed-conversations in small tables, hosted by our consultants' },
  { time: '7:15pm', item: 'Dinner: West African and Caribbean buffet' },
  { time: '8:00pm', item: 'A first look at the Rhema TV show, with the cast' },
  { time: '8:30pm', item: 'Live music, dancing and the community corners' },
  { time: '9:00pm', item: 'Close: goodbyes and safe travel home' },
] as const;

/**
 * The launch event's confirmed guests who chose to appear, as 'Ada O.' (events.guestList). Read in the browser
 * when the tab opens: the page itself is prerendered the same for everyone (apps/web/src/prerender/render.tsx).
 */
function GuestNames() {
  const trpc = useTrpc();
  const list = useQuery(trpc.events.guestList.queryOptions());
  let body;
  if (list.isError) body = <Text>The guest list could not be loaded just now. Please try again later.</Text>;
  else if (!list.data) body = <Loader size="sm" aria-label="Loading the guest list" />;
  else if (!list.data.event) body = <Text>The guest list opens when the launch evening is announced.</Text>;
  else if (!list.data.guests.length) body = <Text>No guest has chosen to appear on the list yet.</Text>;
  else
    body = (
      <List aria-label="Guests" spacing={4} data-testid="guest-names">
        {list.data.guests.map((name, i) => (
          <List.Item key={`${name}-${i}`}>{name}</List.Item>
        ))}
      </List>
    );
  return (
    <Stack gap="xs" aria-busy={list.isPending}>
      <Title order={3} size="h4">
        Who is coming
      </Title>
      {body}
      {list.data?.event ? (
        <Text fz="sm">
          Members: see the launch evening in{' '}
          <AnchorLink underline="always" to="/events/$eventId" params={{ eventId: list.data.event._id }}>
            Events
          </AnchorLink>{' '}
          to ask for a place and choose whether your name appears here.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The launch event's three tabs; the URL's hash (#programme, #guest) selects one and follows every change. */
export function LaunchTabs() {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const active: LaunchTab = isLaunchTab(hash) ? hash : 'welcome';

  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value && isLaunchTab(value)) {
          void navigate({
            to: '/launch',
            hash: value === 'welcome' ? undefined : value,
            replace: true,
            resetScroll: false,
            hashScrollIntoView: false,
          });
        }
      }}
      keepMounted={false}
    >
      <Tabs.List grow>
        <Tabs.Tab value="welcome">Welcome</Tabs.Tab>
        <Tabs.Tab value="programme">Programme</Tabs.Tab>
        <Tabs.Tab value="guest">Guest List</Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="welcome" pt="xl">
        <Stack gap="md" maw={720}>
          <Title order={2} size="h3">
            Welcome to the Rhema launch evening
          </Title>
          <Text>
            We are celebrating the launch of Rhema with the people it is for: professional singles who are
            ready for something real. Come and meet other members face to face, talk to our matchmaking
            consultants, and be among the first to see our reality show.
          </Text>
          <Text>
            The evening runs from 5pm to 9pm in central London. It is relaxed and hosted: nobody is left
            standing in a corner, and there is no pressure to do anything except enjoy yourself. Smart dress,
            please.
          </Text>
          <Text>
            Places are limited so that every guest gets to talk to people properly. See the{' '}
            <Anchor
              underline="always"
              href="#guest"
              onClick={(event) => {
                event.preventDefault();
                void navigate({
                  to: '/launch',
                  hash: 'guest',
                  replace: true,
                  resetScroll: false,
                  hashScrollIntoView: false,
                });
              }}
            >
              Guest List
            </Anchor>{' '}
            tab to find out how to get a place.
          </Text>
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="programme" pt="xl">
        <Title order={2} size="h3">
          Programme (5pm-9pm)
        </Title>
        <Table mt="md" maw={720} verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={100}>
                Time
              </Table.Th>
              <Table.Th scope="col">What is happening</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PROGRAMME.map((row) => (
              <Table.Tr key={row.time}>
                <Table.Td fw={700}>{row.time}</Table.Td>
                <Table.Td>{row.item}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Tabs.Panel>

      <Tabs.Panel value="guest" pt="xl">
        <Stack gap="md" maw={720}>
          <Title order={2} size="h3">
            Getting on the guest list
          </Title>
          <Text>The launch evening is for Rhema members. To be added to the guest list:</Text>
          <List type="ordered" spacing={6}>
            <List.Item>Download the app and create your free profile.</List.Item>
            <List.Item>Verify your identity in the app; only verified members can attend.</List.Item>
            <List.Item>Open Events in the app and ask for a place at the launch evening.</List.Item>
            <List.Item>
              Our team confirms your place by email with the venue address. Bring photo ID matching your
              profile.
            </List.Item>
          </List>
          <GuestNames />
          <Card withBorder radius="lg" padding="md" bg="var(--rhema-tint)">
            <Text>
              Only guests who choose to appear are listed here, by first name and initial. The full guest list
              is kept by our team for the door and deleted after the event. Questions?{' '}
              <AnchorLink underline="always" to="/support">
                Contact us
              </AnchorLink>
              .
            </Text>
          </Card>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
