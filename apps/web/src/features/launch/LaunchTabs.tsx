import { Box, Card, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { isLaunchTab, LAUNCH_TABS, launchTabOf, type LaunchTab } from './launch-tab';
import classes from './LaunchTabs.module.css';

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
 * The launch event's confirmed guests who chose to appear, as 'Ada O.' (events.guestList): read by the route's
 * loader for ?tab=guest, so the server draws them when it renders that page (a link followed without the app).
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

const TAB_LABELS: Record<LaunchTab, string> = {
  welcome: 'Welcome',
  programme: 'Programme',
  guest: 'Guest List',
};

/** A link to one part of the page: a plain link the server answers when pressed before the app runs. */
function TabLink({ tab, active, children }: { tab: LaunchTab; active: boolean; children: ReactNode }) {
  return (
    <Link
      to="/launch"
      search={tab === 'welcome' ? {} : { tab }}
      resetScroll={false}
      className={classes.tab}
      // the router marks a link active (aria-current) by itself: the whole query must match, or /launch would be
      // the current part on every page of it
      activeOptions={{ exact: true }}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

/**
 * The launch event's three parts, one shown at a time. Each is a page of its own (/launch, ?tab=programme,
 * ?tab=guest): the links work before the app hydrates the page, or without it (the server renders the part asked
 * for), and once it runs the router follows them in place. Links, not ARIA tabs (whose arrow keys need a script):
 * a navigation whose current part says aria-current, and the part as a region named by its heading. The page's
 * published anchors (#programme, #guest) lead to the same part once the app runs.
 */
export function LaunchTabs() {
  const search = useSearch({ from: '/launch' });
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const active = launchTabOf(search.tab);
  // a published anchor (/launch#guest): the part it names, as its own address (a server never sees the hash)
  useEffect(() => {
    if (active !== 'welcome' || !isLaunchTab(hash) || hash === 'welcome') return;
    void navigate({
      to: '/launch',
      search: { tab: hash },
      hash: undefined,
      replace: true,
      resetScroll: false,
    });
  }, [hash, active, navigate]);

  return (
    <div>
      <nav aria-label="Launch evening" className={classes.tabs}>
        {LAUNCH_TABS.map((tab) => (
          <TabLink key={tab} tab={tab} active={tab === active}>
            {TAB_LABELS[tab]}
          </TabLink>
        ))}
      </nav>

      {active === 'welcome' ? (
        <Stack component="section" aria-labelledby="launch-welcome" gap="md" maw={720} pt="xl">
          <Title order={2} size="h3" id="launch-welcome">
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
            <AnchorLink underline="always" to="/launch" search={{ tab: 'guest' }} resetScroll={false}>
              Guest List
            </AnchorLink>{' '}
            tab to find out how to get a place.
          </Text>
        </Stack>
      ) : null}

      {active === 'programme' ? (
        <Box component="section" aria-labelledby="launch-programme" pt="xl">
          <Title order={2} size="h3" id="launch-programme">
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
        </Box>
      ) : null}

      {active === 'guest' ? (
        <Stack component="section" aria-labelledby="launch-guest" gap="md" maw={720} pt="xl">
          <Title order={2} size="h3" id="launch-guest">
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
      ) : null}
    </div>
  );
}
