// The launch page's parts, apart from their component: the route's validateSearch, in the entry chunk every public
// page loads, reads them without pulling the page's code in.

export const LAUNCH_TABS = ['welcome', 'programme', 'guest'] as const;
export type LaunchTab = (typeof LAUNCH_TABS)[number];

export function isLaunchTab(value: string): value is LaunchTab {
  return (LAUNCH_TABS as readonly string[]).includes(value);
}

/** The part a `tab` search parameter or an anchor (#programme, #guest) names; anything else is the welcome. */
export function launchTabOf(value: unknown): LaunchTab {
  return typeof value === 'string' && isLaunchTab(value) ? value : 'welcome';
}
