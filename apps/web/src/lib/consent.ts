// The cookie banner is not needed for the first paint: its library loads once the page is idle, in its own chunk.
import type * as RunConsent from '../features/consent/run-consent';
import { serverDrawn } from './first-screen';

type ConsentModule = typeof RunConsent;

/**
 * The cookie banner the server drew with a page it rendered for one requester (prerender/consent-banner.ts,
 * docs/decisions/141-cookie-banner-with-the-page.md): shown until the library has drawn its own or
 * decided not to.
 */
export const STATIC_CONSENT_BANNER_ID = 'cc-static';
let staticBanner = typeof document !== 'undefined' ? document.getElementById(STATIC_CONSENT_BANNER_ID) : null;
// an automated browser gets no banner from the library (hideFromBots, lib/consent-config.ts): nor the copy, which
// would otherwise cover the page until the library has run
if (staticBanner && typeof navigator !== 'undefined' && navigator.webdriver) {
  staticBanner.remove();
  staticBanner = null;
}
/** A press of one of that banner's buttons, or Escape, before the library ran: the library answers it. */
let earlyAnswer: Event | undefined;

let loading: Promise<ConsentModule> | undefined;

function loadConsent(): Promise<ConsentModule> {
  loading ??= import('../features/consent/run-consent').then(async (module) => {
    await module.startConsent({ staticBanner, earlyAnswer: () => earlyAnswer });
    // the library has run and decided whether to show the banner (bots get none): the e2e tests wait on this mark
    // (tests/e2e/public/consent.spec.ts) instead of waiting a fixed time for a banner that should not come
    document.documentElement.dataset.consent = 'started';
    return module;
  });
  return loading;
}

// read when the entry runs, before the app has hydrated a page the server drew (the class goes then)
const staticFirstPaint = serverDrawn();

/**
 * Starts cookie consent. Behind a static page (prerendered or server-rendered), whose content the visitor already
 * sees, once the page has loaded and the browser is idle (or after 2 s at the latest), unless the server drew the
 * banner with the page: then at the page's first use (below). On a page the app draws
 * itself (the signed-in pages), with the app's first render: the banner is a large block of text, and drawn at idle
 * after a page with less text it became the page's Largest Contentful Paint, seconds after the page itself
 * (docs/decisions/130-signed-in-pages-without-a-waterfall.md).
 */
export function scheduleConsent(): void {
  if (staticBanner) return;
  if (!staticFirstPaint) {
    void loadConsent();
    return;
  }
  const start = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(loadConsent, { timeout: 2000 });
    else setTimeout(loadConsent, 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The cookie-settings toggle: opens the preferences dialog (loading the library first if needed). */
export async function openCookiePreferences(): Promise<void> {
  const module = await loadConsent();
  module.showPreferences();
}

// The server's banner is the banner on its page: its library loads at the page's first use (a press, key, click or
// scroll anywhere), not with the page, and then answers it (features/consent/run-consent.ts). Started with the page,
// the library was a long task in the load of every signed-in page (docs/decisions/225-consent-at-first-use.md).
if (staticBanner)
  for (const type of ['pointerdown', 'keydown', 'click', 'scroll'])
    addEventListener(
      type,
      (event) => {
        if (
          (event.type === 'click' && staticBanner?.contains(event.target as Node)) ||
          (event as KeyboardEvent).key === 'Escape'
        )
          earlyAnswer = event;
        void loadConsent();
      },
      true,
    );
