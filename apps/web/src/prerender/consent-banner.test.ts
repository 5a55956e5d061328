import { describe, expect, it } from 'vitest';
import { CONSENT_MODAL_TEXT, CONSENT_REVISION } from '../lib/consent-config';
import { answeredAnOlderRevision, consentBannerHtml, needsConsentBanner } from './consent-banner';

const answer = (fields: Record<string, unknown>) =>
  encodeURIComponent(JSON.stringify({ categories: ['necessary'], revision: CONSENT_REVISION, ...fields }));

describe('needsConsentBanner', () => {
  it('is true without an answer, for an answer to an older policy, an expired or an unreadable one', () => {
    expect(needsConsentBanner(undefined)).toBe(true);
    expect(needsConsentBanner('')).toBe(true);
    expect(needsConsentBanner(answer({ revision: CONSENT_REVISION - 1 }))).toBe(true);
    expect(needsConsentBanner(answer({ expirationTime: 1_000 }), 2_000)).toBe(true);
    expect(needsConsentBanner(answer({ categories: 'all' }))).toBe(true);
    expect(needsConsentBanner('%7Bnot json')).toBe(true);
  });

  it('is false for a current answer, URL-encoded as the library writes it or already decoded', () => {
    expect(needsConsentBanner(answer({ expirationTime: 3_000 }), 2_000)).toBe(false);
    expect(needsConsentBanner(decodeURIComponent(answer({})))).toBe(false);
  });
});

describe('answeredAnOlderRevision', () => {
  it('is true only for a readable answer to another revision of the policy', () => {
    expect(answeredAnOlderRevision(answer({ revision: CONSENT_REVISION - 1 }))).toBe(true);
    expect(answeredAnOlderRevision(decodeURIComponent(answer({ revision: CONSENT_REVISION - 1 })))).toBe(
      true,
    );
    expect(answeredAnOlderRevision(answer({}))).toBe(false);
    expect(answeredAnOlderRevision(answer({ expirationTime: 1_000 }))).toBe(false);
    expect(answeredAnOlderRevision(undefined)).toBe(false);
    expect(answeredAnOlderRevision('%7Bnot json')).toBe(false);
  });
});

describe('consentBannerHtml', () => {
  it('says why it asks again when the policy changed since the answer', () => {
    expect(consentBannerHtml({ askedAgain: true })).toContain(CONSENT_MODAL_TEXT.revisionMessage);
    expect(consentBannerHtml()).not.toContain(CONSENT_MODAL_TEXT.revisionMessage);
  });

  it("draws the library's banner, shown, with the texts of its configuration", () => {
    const html = consentBannerHtml();
    expect(html).toMatch(/^<div id="cc-static" class="show--consent"><div id="cc-main" data-nosnippet="">/);
    // the library's classes for a bar along the bottom with its buttons beside the text (layout 'bar inline')
    expect(html).toContain('<div class="cm cm--bar cm--inline cm--bottom" role="dialog" aria-modal="false"');
    expect(html).toContain(`<h2 id="cm__title" class="cm__title">${CONSENT_MODAL_TEXT.title}</h2>`);
    expect(html).toContain('so we can improve them. </p>');
    expect(html).not.toContain('{{revisionMessage}}');
    for (const [role, label] of [
      ['all', 'Accept all'],
      ['necessary', 'Reject all'],
      ['show', 'Manage preferences'],
    ])
      expect(html).toContain(`data-role="${role}"><span>${label}</span></button>`);
  });
});
