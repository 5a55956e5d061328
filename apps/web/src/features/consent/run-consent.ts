import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent.css';
import * as CookieConsent from 'vanilla-cookieconsent';
import { consentConfig } from '../../lib/consent-config';
import { loadAnalytics } from './analytics';

function applyConsent() {
  if (CookieConsent.acceptedCategory('analytics')) loadAnalytics();
}

let started = false;

/** How long the library's banner takes to fade in (its --cc-modal-transition-duration is 0.25 s), and more. */
const FADE_IN_MS = 500;

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
  await CookieConsent.run(
    consentConfig({
      onConsent: applyConsent,
      onChange: applyConsent,
      onModalShow: ({ modalName }) => {
        if (modalName !== 'consentModal' || !staticBanner) return;
        shown = true;
        // the library's banner fades in over the copy, which then goes
        setTimeout(() => staticBanner.remove(), FADE_IN_MS);
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
  if (pressed) staticBanner.remove();
  else setTimeout(() => shown || staticBanner.remove(), FADE_IN_MS * 2);
}

export function showPreferences(): void {
  CookieConsent.showPreferences();
}
