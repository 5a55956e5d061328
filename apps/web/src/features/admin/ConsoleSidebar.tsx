import { Badge, Box, Burger, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Drawer } from '../../components/overlays';
import { useDisclosure } from '@mantine/hooks';
import { ADMIN_FILTER_DEFAULTS } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useRef } from 'react';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { ConsoleKeys } from './ConsoleKeys';
import { ConsoleSearch } from './ConsoleSearch';

type Count = 'requests_waiting' | 'reports_open';

const LINKS: readonly { to: string; label: string; count?: Count; countLabel?: string; exact?: boolean }[] = [
  { to: '/admin21', label: 'Overview', exact: true },
  { to: '/admin21/users', label: 'Users' },
  { to: '/admin21/introductions', label: 'Introductions', exact: true },
  { to: '/admin21/requests', label: 'Requests', count: 'requests_waiting', countLabel: 'waiting' },
  { to: '/admin21/reports', label: 'Reports', count: 'reports_open', countLabel: 'open' },
  { to: '/admin21/events', label: 'Events' },
  { to: '/admin21/introductions/users', label: 'Members search' },
];

// the search page runs by itself with an age range in its address: members of the usual ages, ready to narrow
const MEMBERS_SEARCH = { min_age: ADMIN_FILTER_DEFAULTS.minAge, max_age: ADMIN_FILTER_DEFAULTS.maxAge };

type Counts = Partial<Record<Count, number>> | undefined;

/** The console's links, with what waits in the queues; in the sidebar and, on a phone, in the menu. */
function ConsoleLinks({ counts, onNavigate }: { counts: Counts; onNavigate?: () => void }) {
  return (
    <Stack gap="xs">
      {LINKS.map((link) => {
        const count = link.count ? (counts?.[link.count] ?? 0) : 0;
        return (
          <AnchorLink
            key={link.label}
            to={link.to}
            {...(link.label === 'Members search' ? { search: MEMBERS_SEARCH } : {})}
            activeOptions={{ exact: link.exact ?? false, includeSearch: link.label === 'Members search' }}
            activeProps={{ 'aria-current': 'page', style: { fontWeight: 700 } }}
            {...(onNavigate ? { onClick: onNavigate } : {})}
          >
            {link.label}
            {link.count && count > 0 ? (
              <>
                <Badge ml={6} size="sm" color="plum" aria-hidden="true" data-testid={`count-${link.count}`}>
                  {count}
                </Badge>
                <VisuallyHidden>
                  {' '}
                  ({count} {link.countLabel})
                </VisuallyHidden>
              </>
            ) : null}
          </AnchorLink>
        );
      })}
    </Stack>
  );
}

/**
 * Every console page: the sidebar (with what waits in the queues) beside the page, the search box on top. Below
 * Mantine's `sm` breakpoint the sidebar would leave a phone 190 px for the page: it becomes a menu button beside
 * the search box, opening the same links in a drawer.
 */
export function ConsoleLayout() {
  const trpc = useTrpc();
  const searchRef = useRef<HTMLInputElement>(null);
  const [menuOpened, menu] = useDisclosure(false);
  // read on arrival and when a queue changes (its page invalidates admin queries); a minute keeps it fresh
  const counts = useQuery({ ...trpc.admin.consoleCounts.queryOptions(), refetchInterval: 60_000 }).data;
  return (
    <Box style={{ display: 'flex', alignItems: 'flex-start' }}>
      <Box
        component="nav"
        aria-label="Console"
        visibleFrom="sm"
        w={200}
        p="md"
        style={{
          flex: 'none',
          position: 'sticky',
          top: 0,
          borderRight: '1px solid var(--rhema-border)',
          minHeight: '60vh',
        }}
      >
        <Text fw={700} mb="sm">
          Console
        </Text>
        <ConsoleLinks counts={counts} />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group
          role="search"
          px="md"
          py="xs"
          gap="sm"
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Burger
            hiddenFrom="sm"
            size="sm"
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? 'Close the console menu' : 'Console menu'}
            aria-expanded={menuOpened}
          />
          <ConsoleSearch inputRef={searchRef} />
          <ConsoleKeys searchRef={searchRef} />
        </Group>
        <Drawer
          opened={menuOpened}
          onClose={menu.close}
          title="Console"
          size={260}
          hiddenFrom="sm"
          closeButtonProps={{ 'aria-label': 'Close the console menu' }}
        >
          <nav aria-label="Console">
            <ConsoleLinks counts={counts} onNavigate={menu.close} />
          </nav>
        </Drawer>
        <Outlet />
      </Box>
    </Box>
  );
}
