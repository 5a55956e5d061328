import { Container, VisuallyHidden } from '@mantine/core';
import { isStaffRole } from '@rhema/schemas';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { UnreadBubble } from '../../components/UnreadBubble';
import { sessionQueryOptions } from '../../lib/session';
import { useTrpc } from '../../lib/use-trpc';
import classes from './MemberNav.module.css';

// 24x24 outline icons drawn with the text colour
const ICONS = {
  discover: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 16l2-6 6-2-2 6z" />
    </>
  ),
  communities: (
    <>
      <circle cx="9" cy="7" r="4" />
      <path d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M16 3.13a4 4 0 0 1 0 7.75M21 21v-2a4 4 0 0 0-3-3.85" />
    </>
  ),
  events: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  introductions: <path d="M19.5 12.57 12 20l-7.5-7.43A5 5 0 1 1 12 6.01a5 5 0 1 1 7.5 6.57z" />,
  friends: (
    <>
      <circle cx="9" cy="7" r="4" />
      <path d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M15 11l2 2 4-4" />
    </>
  ),
  messages: <path d="M4 21V8a3 3 0 0 1 3-3h10a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H8l-4 4z" />,
  profile: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="10" r="3" />
      <path d="M6.17 18.85A4 4 0 0 1 10 16h4a4 4 0 0 1 3.84 2.87" />
    </>
  ),
  console: <path d="M4 4h6v8H4zM4 16h6v4H4zM14 12h6v8h-6zM14 4h6v4h-6z" />,
} satisfies Record<string, ReactNode>;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      className={classes.icon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name]}
    </svg>
  );
}

interface Item {
  to:
    | '/members'
    | '/communities'
    | '/events'
    | '/account/introductions'
    | '/account/friends'
    | '/account/messages'
    | '/account/profile';
  label: string;
  icon: keyof typeof ICONS;
  /** active on the pages under it too (a member's page under Discover, a thread under Messages) */
  under?: boolean;
  /** on wide screens only */
  wide?: boolean;
}

const ITEMS: readonly Item[] = [
  { to: '/members', label: 'Discover', icon: 'discover', under: true },
  { to: '/communities', label: 'Communities', icon: 'communities', under: true },
  { to: '/events', label: 'Events', icon: 'events', under: true },
  { to: '/account/introductions', label: 'Introductions', icon: 'introductions' },
  { to: '/account/friends', label: 'Friends', icon: 'friends' },
  { to: '/account/messages', label: 'Messages', icon: 'messages', under: true },
  // in the account menu on a phone: seven tabs do not fit a 360-pixel screen
  { to: '/account/profile', label: 'Profile', icon: 'profile', wide: true },
];

function NavLink({
  to,
  under,
  wide,
  children,
}: {
  to: LinkProps['to'];
  under?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={wide ? `${classes.link} ${classes.wide}` : classes.link}
      activeOptions={{ exact: !under, includeSearch: false }}
      activeProps={{ 'aria-current': 'page' }}
    >
      {children}
    </Link>
  );
}

/**
 * The member navigation on every member page: a bar under the header, a bottom tab bar on a phone. Drawn by the
 * /account layout (MemberLayout) and by the pages of /members, /communities and /events (withMemberNav), never by a public
 * page, so none of them loads it; rendered by the server with the page (decision 140), the unread count out of the
 * flow so that its arrival moves nothing.
 */
export function MemberNav() {
  const trpc = useTrpc();
  const user = useQuery(sessionQueryOptions(trpc)).data?.user;
  // kept live by the one stream of the tab (the messages pages' or the signed-in header's: HeaderMessages.tsx)
  const unread = useQuery({ ...trpc.messages.conversations.queryOptions(), enabled: Boolean(user) }).data
    ?.unread_total;
  return (
    <nav aria-label="Member" className={classes.nav} data-member-nav="">
      <Container size="lg" className={classes.inner}>
        {ITEMS.map((item) => (
          <NavLink key={item.to} to={item.to} under={item.under} wide={item.wide}>
            <Icon name={item.icon} />
            <span className={classes.label}>{item.label}</span>
            {item.to === '/account/messages' && unread ? (
              <>
                <UnreadBubble unread={unread} className={classes.count} testId="unread-badge" />
                <VisuallyHidden> ({unread} unread)</VisuallyHidden>
              </>
            ) : null}
          </NavLink>
        ))}
        {user && isStaffRole(user.role) ? (
          <Link to="/admin21" className={`${classes.link} ${classes.console}`}>
            <Icon name="console" />
            <span className={classes.label}>Console</span>
          </Link>
        ) : null}
      </Container>
    </nav>
  );
}

/**
 * A page of /members or /communities with the member navigation above it. (Their layouts do not draw it as the
 * /account layout does: the bundler then moved TanStack Query's core out of the entry chunk into one of its own,
 * +0.8 KB gzip on /, over its budget.)
 */
export function withMemberNav(page: ReactElement) {
  return (
    <>
      <MemberNav />
      {page}
    </>
  );
}
