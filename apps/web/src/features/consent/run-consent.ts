import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent.css';
import * as CookieConsent from 'vanilla-cookieconsent';
import { consentConfig } from '../../lib/consent-config';
import { loadAnalytics } from './analytics';

function applyConsent() {
  if (CookieConsent.acceptedCategory('analytics')) loadAnalytics();
}

let started = false;

/** The consent bar's height, on <html> and <body> while it is there (features/consent/consent.css). */
const BAR_HEIGHT = '--rhema-consent-bar';

/** How long after the library's banner shows the server's copy under it is removed. */
const FADE_IN_MS = 500;

/** On <html> while the library's banner replaces the server's: it shows without its fade (consent.css). */
const TAKEOVER_CLASS = 'consent-takeover';

export async function startConsent(
  options: {
    /** the banner the server drew with the page (lib/consent.ts), removed once the library's own is on screen */
    staticBanner?: HTMLElement | null;
    /** which of its buttons was pressed before the library ran (data-role: all, necessary, show) */
    pressedEarly?: () => string | undefined;
  } = {},
): Promise<void> {
  if (started) return;
  started = true;
  const { staticBanner } = options;
  let shown = false;
  // the library closes its preferences dialog on Escape; the banner must close on Escape as well
  document.addEventListener('keydown', (event) => {
    const classes = document.documentElement.classList;
    if (
      event.key === 'Escape' &&
      classes.contains('show--consent') &&
      !classes.contains('show--preferences')
    ) {
      CookieConsent.hide();
    }
  });
  leaveThePageReachable();
  if (staticBanner) document.documentElement.classList.add(TAKEOVER_CLASS);
  const removeStatic = () => {
    staticBanner?.remove();
    // later openings (the preferences, the bar again) animate as the library draws them
    document.documentElement.classList.remove(TAKEOVER_CLASS);
  };
  await CookieConsent.run(
    consentConfig({
      onConsent: applyConsent,
      onChange: applyConsent,
      onModalReady: ({ modalName, modal }) => {
        if (modalName !== 'consentModal') return;
        // a bar beside the page, not a modal dialog: what is behind it stays in the accessibility tree
        modal.setAttribute('aria-modal', 'false');
        // its height, by which the page makes room for it at its end (consent.css)
        new ResizeObserver(() => {
          const height = `${modal.offsetHeight}px`;
          document.documentElement.style.setProperty(BAR_HEIGHT, height);
          document.body.style.setProperty(BAR_HEIGHT, height);
        }).observe(modal);
      },
      onModalShow: ({ modalName }) => {
        if (modalName !== 'consentModal' || !staticBanner) return;
        shown = true;
        // the library's banner is drawn over the copy, which then goes
        setTimeout(removeStatic, FADE_IN_MS);
      },
    }),
  );
  if (!staticBanner) return;
  const pressed = options.pressedEarly?.();
  if (pressed === 'all' || pressed === 'necessary') {
    CookieConsent.acceptCategory(pressed === 'all' ? 'all' : []);
    CookieConsent.hide();
  } else if (pressed === 'show') CookieConsent.showPreferences();
  // an answer given in another tab meanwhile, or a browser the library shows no banner (a bot): the copy goes too
  if (pressed) removeStatic();
  else setTimeout(() => shown || removeStatic(), FADE_IN_MS * 2);
}

/** The consent bar, while it is shown and the preferences dialog is not. */
function barShown(): HTMLElement | null {
  const classes = document.documentElement.classList;
  if (!classes.contains('show--consent') || classes.contains('show--preferences')) return null;
  return document.querySelector<HTMLElement>('#cc-main .cm');
}

/**
 * The library treats its banner as a dialog whatever its layout: it moves the focus into it when it appears and
 * keeps Tab inside it until an answer. A bar that leaves the page usable does neither: Tab leaves it as it leaves
 * any part of the page (its own listener, on the banner, is not reached), and a visitor already busy in the page
 * (typing a reference in the home page's search box) keeps the focus. The preferences dialog stays a dialog.
 */
function leaveThePageReachable() {
  document.addEventListener(
    'keydown',
    (event) => {
      const bar = barShown();
      if (event.key === 'Tab' && bar && event.target instanceof Node && bar.contains(event.target))
        event.stopPropagation();
    },
    true,
  );
  document.addEventListener('focusin', (event) => {
    const bar = barShown();
    const from = event.relatedTarget;
    // the library focuses the empty element it puts first in the banner (tabindex -1: no key or click reaches it)
    if (
      bar &&
      event.target instanceof HTMLElement &&
      event.target.parentElement === bar &&
      event.target.tabIndex === -1 &&
      !event.target.hasChildNodes() &&
      from instanceof HTMLElement &&
      !from.closest('#cc-main')
    )
      from.focus();
  });
}

export function showPreferences(): void {
  CookieConsent.showPreferences();
}
