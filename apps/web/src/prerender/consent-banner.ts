// The cookie banner in the first paint of a page the server renders for one requester (decision 141): the
// same markup and classes as vanilla-cookieconsent's own banner (its stylesheet styles both), so the visitor
// sees it with the page, not seconds later, and the library's banner then takes its place without a change
// (lib/consent.ts).
import { STATIC_CONSENT_BANNER_ID } from '../lib/consent';
import { CONSENT_MODAL_LAYOUT, CONSENT_MODAL_TEXT, CONSENT_REVISION } from '../lib/consent-config';

/**
 * Whether the library will show its banner to a browser sending this cc_cookie value: no answer yet, an answer
 * to an older revision of the policy, or one that has expired (the library's own reading of its cookie).
 */
export function needsConsentBanner(cookie: string | undefined, now = Date.now()): boolean {
  if (!cookie) return true;
  try {
    const value = JSON.parse(cookie.startsWith('{') ? cookie : decodeURIComponent(cookie)) as {
      revision?: unknown;
      categories?: unknown;
      expirationTime?: unknown;
    };
    if (value.revision !== CONSENT_REVISION || !Array.isArray(value.categories)) return true;
    return typeof value.expirationTime === 'number' && value.expirationTime < now;
  } catch {
    return true;
  }
}

/**
 * Whether this cc_cookie value answered an older revision of the policy: the banner then says why it asks again,
 * with the revision message, as the library's own does.
 */
export function answeredAnOlderRevision(cookie: string | undefined): boolean {
  if (!cookie) return false;
  try {
    const value = JSON.parse(cookie.startsWith('{') ? cookie : decodeURIComponent(cookie)) as {
      revision?: unknown;
    };
    return typeof value.revision === 'number' && value.revision !== CONSENT_REVISION;
  } catch {
    return false;
  }
}

/**
 * The banner as vanilla-cookieconsent 3.1 draws it for this configuration, shown (its texts are our constants),
 * not modal (features/consent/run-consent.ts marks the library's the same). It stays the banner of its page: the
 * library, loaded at the page's first use, answers its buttons.
 */
export function consentBannerHtml({ askedAgain = false }: { askedAgain?: boolean } = {}): string {
  const text = CONSENT_MODAL_TEXT;
  const layout = CONSENT_MODAL_LAYOUT.layout.split(' ').map((name) => `cm--${name}`);
  const position = CONSENT_MODAL_LAYOUT.position.split(' ').map((name) => `cm--${name}`);
  const button = (role: string, label: string, secondary = false) =>
    `<button type="button" class="cm__btn${secondary ? ' cm__btn--secondary' : ''}" data-role="${role}"><span>${label}</span></button>`;
  return (
    `<div id="${STATIC_CONSENT_BANNER_ID}" class="show--consent"><div id="cc-main" data-nosnippet="">` +
    `<div class="cm-wrapper cc--anim"><div class="cm ${[...layout, ...position].join(' ')}" role="dialog" ` +
    `aria-modal="false" aria-hidden="false" aria-describedby="cm__desc" aria-labelledby="cm__title">` +
    `<div tabindex="-1"></div><div class="cm__body"><div class="cm__texts">` +
    `<h2 id="cm__title" class="cm__title">${text.title}</h2>` +
    `<p id="cm__desc" class="cm__desc">${text.description.replace('{{revisionMessage}}', askedAgain ? text.revisionMessage : '')}</p></div>` +
    `<div class="cm__btns"><div class="cm__btn-group">${button('all', text.acceptAllBtn)}` +
    `${button('necessary', text.acceptNecessaryBtn)}</div>` +
    `<div class="cm__btn-group">${button('show', text.showPreferencesBtn, true)}</div></div></div>` +
    `<div class="cm__footer"><div class="cm__links"><div class="cm__link-group">${text.footer}</div></div></div>` +
    `</div></div></div></div>`
  );
}
