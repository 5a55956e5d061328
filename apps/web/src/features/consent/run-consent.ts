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

function makeRoomFor(height: number) {
  document.documentElement.style.setProperty(BAR_HEIGHT, `${height}px`);
  document.body.style.setProperty(BAR_HEIGHT, `${height}px`);
}

/** On <html> while the server's banner is shown with its library running: the page makes room for it (consent.css). */
const SERVERS_BANNER_SHOWN = 'consent-static';

export async function startConsent(
  options: {
    /** the banner the server drew with the page (lib/consent.ts): it stays the banner, and the library answers it */
    staticBanner?: HTMLElement | null;
    /** a press of one of its buttons, or Escape, made before the library ran (lib/consent.ts) */
    earlyAnswer?: () => Event | undefined;
  } = {},
): Promise<void> {
  if (started) return;
  started = true;
  const { staticBanner } = options;
  // the library closes its preferences dialog on Escape; the banner must close on Escape as well
  document.addEventListener('keydown', (event) => {
    const classes = document.documentElement.classList;
    if (event.key !== 'Escape' || classes.contains('show--preferences')) return;
    if (classes.contains('show--consent')) CookieConsent.hide();
  });
  leaveThePageReachable();
  await CookieConsent.run({
    ...consentConfig({
      onConsent: applyConsent,
      onChange: applyConsent,
      onModalReady: ({ modalName, modal }) => {
        if (modalName !== 'consentModal') return;
        // a bar beside the page, not a modal dialog: what is behind it stays in the accessibility tree
        modal.setAttribute('aria-modal', 'false');
        // its height, by which the page makes room for it at its end (consent.css)
        new ResizeObserver(() => makeRoomFor(modal.offsetHeight)).observe(modal);
      },
    }),
    // the server's banner is already on screen: the library draws no second one
    ...(staticBanner ? { autoShow: false } : {}),
  });
  if (staticBanner) answerTheServersBanner(staticBanner, roleOf(options.earlyAnswer?.()));
}

/** What an event did to the banner: a press of one of its buttons (data-role: all, necessary, show), or Escape. */
function roleOf(event: Event | undefined): string | undefined {
  if (event instanceof KeyboardEvent) return event.key === 'Escape' ? 'escape' : undefined;
  if (event?.type !== 'click' || !(event.target instanceof Element)) return undefined;
  return event.target.closest<HTMLElement>('#cc-static [data-role]')?.dataset.role;
}

/**
 * The server's banner (prerender/consent-banner.ts: the library's markup and classes) stays on screen as the banner,
 * and its buttons call the library: no second banner is drawn over it, so a press or the focus on it is never lost
 * to a swap. It goes when the visitor answers (here or in the preferences dialog) or presses Escape.
 */
function answerTheServersBanner(banner: HTMLElement, pressedEarly: string | undefined) {
  const html = document.documentElement;
  // answered meanwhile, in another tab
  if (CookieConsent.validConsent()) {
    banner.remove();
    return;
  }
  const bar = banner.querySelector<HTMLElement>('.cm');
  const room = new ResizeObserver(() => makeRoomFor(bar?.offsetHeight ?? 0));
  if (bar) room.observe(bar);
  html.classList.add(SERVERS_BANNER_SHOWN);
  const close = () => {
    if (!banner.isConnected) return;
    // the focus stays in the page: a visitor who answered by keyboard goes on from the page's main part
    const hadFocus = banner.contains(document.activeElement);
    room.disconnect();
    banner.remove();
    html.classList.remove(SERVERS_BANNER_SHOWN);
    if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
  };
  window.addEventListener('cc:onConsent', close, { once: true });
  const answer = (role: string | null | undefined) => {
    if (role === 'all' || role === 'necessary') CookieConsent.acceptCategory(role === 'all' ? 'all' : []);
    else if (role === 'show') CookieConsent.showPreferences();
    else if (role === 'escape') close();
  };
  banner.addEventListener('click', (event) => answer(roleOf(event)));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !html.classList.contains('show--preferences')) close();
  });
  answer(pressedEarly);
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
