// The app's pages as the walks over them know them (a11y/member-pages.spec.ts, layout/phone-widths.spec.ts): the
// public pages by address, the member and console pages by route, each found through the product's own links.
import type { RoutePage } from './helpers';

/** Every public page (and the not-found page), as a visitor opens it. */
export const PUBLIC_PATHS = [
  '/',
  '/support',
  '/private-match',
  '/private-match/ZZZZZZ',
  '/terms',
  '/privacy',
  '/cookie-policy',
  '/house-rules',
  '/safety',
  '/faq',
  '/about',
  '/downloads',
  '/launch',
  '/training',
  '/tv',
  '/no-such-page',
] as const;

/** A route pattern ('/members/$memberId') and the links that reach it. */
export const route = (path: string): RoutePage => ({
  route: path,
  matches: new RegExp(`^${path.replace(/\$[a-zA-Z]+/g, '[^/?#]+')}([?#].*)?$`),
});

export const MEMBER_PAGES = [
  '/account',
  '/account/profile',
  '/account/friends',
  '/account/introductions',
  '/account/verification',
  '/account/messages',
  '/account/messages/$userId',
  // the centre, from the header's bell, and its settings, from the centre
  '/account/notifications',
  '/account/notifications/settings',
  '/members',
  '/members/$memberId',
  '/communities',
  '/communities/$slug',
  '/events',
  '/events/$eventId',
].map(route);
// the call page, reached from the thread's "Video call": this browser has no camera, so it settles on the pre-call
// check telling the member why the camera could not start (call-page.spec.ts sees it with a camera)
MEMBER_PAGES.push({
  ...route('/account/messages/$userId/call'),
  settled: (page) => page.getByRole('alert').filter({ hasText: /camera/ }),
});

export const CONSOLE_PAGES = [
  '/admin21',
  '/admin21/users',
  '/admin21/users/$id',
  '/admin21/users/$id/introductions',
  '/admin21/introductions',
  '/admin21/introductions/users',
  '/admin21/introductions/users/$id',
  '/admin21/requests',
  '/admin21/reports',
  '/admin21/events',
  '/admin21/events/$id',
].map(route);
CONSOLE_PAGES.push(
  // the members search: the introductions list's address with the search in its query string
  { route: 'members search', matches: /^\/admin21\/introductions\/users\?.+/ },
  route('/admin21/members/$id'),
  // the owner's view is linked from queues that may be empty in this run: reached by its address
  {
    route: '/admin21/users/$id/owner',
    matches: /^$/,
    aliasOf: { route: '/admin21/users/$id', suffix: '/owner' },
  },
  {
    route: '/admin21/introductions/users/$id/requests',
    matches: /^$/,
    aliasOf: { route: '/admin21/introductions/users/$id', suffix: '/requests' },
  },
);
