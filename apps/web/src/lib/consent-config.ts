import type { CookieConsentConfig } from 'vanilla-cookieconsent';

/**
 * Bump when the cookie policy changes in a way visitors must see again: a cc_cookie with another revision is no
 * longer valid, so the banner comes back with the revision message.
 */
export const CONSENT_REVISION = 1;
export const CONSENT_COOKIE = 'cc_cookie';
export const CONSENT_COOKIE_DAYS = 182;

declare global {
  interface ImportMetaEnv {
    readonly VITE_GTM_ID?: string;
  }
}

/** Rhema's Google Tag Manager container, which runs Google Analytics 4 (override at build time: VITE_GTM_ID). */
export const GTM_CONTAINER_ID = import.meta.env.VITE_GTM_ID ?? 'GTM-R8HM424';
export const ANALYTICS_SCRIPT_URL = `https://www.googletagmanager.com/gtm.js?id=${GTM_CONTAINER_ID}`;

// a type alias (not an interface) so rows fit the library's { [column: string]: string } cookie table
export type CookieRow = {
  name: string;
  domain: string;
  expiration: string;
  description: string;
};

/** The cookie table, shown both in the preferences dialog and on /cookie-policy. */
export const COOKIE_TABLE: { necessary: readonly CookieRow[]; analytics: readonly CookieRow[] } = {
  necessary: [
    {
      name: 'cc_cookie',
      domain: 'Rhema (this site)',
      expiration: '182 days',
      description: 'Remembers your cookie choices so we do not ask on every visit.',
    },
    {
      name: 'Session and XSRF-TOKEN',
      domain: 'Rhema (this site)',
      expiration: 'Until you sign out, at most 30 days',
      description: 'Keep you signed in and protect your account against forged requests.',
    },
  ],
  analytics: [
    {
      name: 'Google Tag Manager',
      domain: 'googletagmanager.com',
      expiration: 'Sets no cookie itself',
      description:
        'Loads Google Analytics, and only after you accept analytics cookies. Nothing is requested from Google before that.',
    },
    {
      name: '_ga',
      domain: 'Google Analytics',
      expiration: '2 years',
      description: 'Tells visits apart with a random number, so we can count returning visitors.',
    },
    {
      name: '_ga_<property>',
      domain: 'Google Analytics',
      expiration: '2 years',
      description: 'Keeps the state of your current visit: pages seen and when.',
    },
  ],
};

const tableHeaders = { name: 'Cookie', domain: 'Set by', expiration: 'Expires', description: 'Purpose' };

/** The banner's texts: the library's, and the server's first-paint copy of it (prerender/consent-banner.ts). */
export const CONSENT_MODAL_TEXT = {
  title: 'Cookies on Rhema',
  description:
    'We use essential cookies to keep the site working and your account secure. With your permission we would also use analytics cookies to learn which pages help people most, so we can improve them. {{revisionMessage}}',
  revisionMessage:
    '<strong>We have updated our cookie policy since your last visit, so we are asking again.</strong>',
  acceptAllBtn: 'Accept all',
  acceptNecessaryBtn: 'Reject all',
  showPreferencesBtn: 'Manage preferences',
  footer: '<a href="/privacy">Privacy Policy</a>\n<a href="/cookie-policy">Cookie Policy</a>',
} as const;

/**
 * The banner's place and shape (guiOptions.consentModal), which the first-paint copy repeats as classes: a bar
 * along the bottom of the screen, its buttons beside its text on a wide screen, that leaves the page above it
 * readable and usable until the visitor answers (features/consent/consent.css keeps it low on a phone).
 */
export const CONSENT_MODAL_LAYOUT = {
  layout: 'bar inline',
  position: 'bottom',
  equalWeightButtons: true,
  flipButtons: false,
} as const;

/** vanilla-cookieconsent 3 with the product's categories and texts. */
export function consentConfig(callbacks: {
  onConsent: () => void;
  onChange: () => void;
  onModalShow?: NonNullable<CookieConsentConfig['onModalShow']>;
  onModalReady?: NonNullable<CookieConsentConfig['onModalReady']>;
}): CookieConsentConfig {
  return {
    mode: 'opt-in',
    revision: CONSENT_REVISION,
    autoShow: true,
    // visitors that look like bots (crawlers, navigator.webdriver) get no banner
    hideFromBots: true,
    autoClearCookies: true,
    manageScriptTags: false,
    disablePageInteraction: false,
    cookie: {
      name: CONSENT_COOKIE,
      expiresAfterDays: CONSENT_COOKIE_DAYS,
      path: '/',
      sameSite: 'Lax',
      secure: window.location.protocol === 'https:',
      useLocalStorage: false,
    },
    guiOptions: {
      consentModal: { ...CONSENT_MODAL_LAYOUT },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {
        // pre-ticked in the preferences dialog; in opt-in mode nothing runs before the visitor agrees
        enabled: true,
        readOnly: false,
        autoClear: { cookies: [{ name: /^_ga/ }], reloadPage: false },
      },
    },
    onConsent: callbacks.onConsent,
    onChange: callbacks.onChange,
    ...(callbacks.onModalShow ? { onModalShow: callbacks.onModalShow } : {}),
    ...(callbacks.onModalReady ? { onModalReady: callbacks.onModalReady } : {}),
    language: {
      default: 'en',
      translations: {
        en: {
          consentModal: { ...CONSENT_MODAL_TEXT },
          preferencesModal: {
            title: 'Cookie preferences',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Reject all',
            savePreferencesBtn: 'Save my choices',
            closeIconLabel: 'Close',
            serviceCounterLabel: 'Service|Services',
            sections: [
              {
                title: 'Your choices',
                description:
                  'Choose which cookies Rhema may use. You can change your mind at any time from the <a href="/cookie-policy">Cookie Policy</a> page. Read how we handle personal data in our <a href="/privacy">Privacy Policy</a>.',
              },
              {
                title: 'Strictly necessary cookies <span class="pm__badge">Always on</span>',
                description:
                  'These cookies make the site work: they remember your cookie choices and keep you signed in safely. They cannot be switched off.',
                linkedCategory: 'necessary',
                cookieTable: { headers: tableHeaders, body: [...COOKIE_TABLE.necessary] },
              },
              {
                title: 'Analytics cookies',
                description:
                  'Google Analytics, loaded through Google Tag Manager, counts visits and shows which pages are useful. The information is aggregated and never used to advertise to you. If you switch this off, we delete the _ga cookies.',
                linkedCategory: 'analytics',
                cookieTable: { headers: tableHeaders, body: [...COOKIE_TABLE.analytics] },
              },
              {
                title: 'Questions',
                description:
                  'If you have a question about cookies or your data, please <a href="/support">contact us</a>.',
              },
            ],
          },
        },
      },
    },
  };
}
