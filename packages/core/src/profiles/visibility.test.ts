import { describe, expect, it } from 'vitest';
import { profileFieldRules, profileShownTo, viewerOf, type ProfileViewer } from './visibility';

const rules = (viewer: ProfileViewer, disclosedToViewer = false, hasSpecialConsent = false) =>
  profileFieldRules({ viewer, subjectId: 'subject', disclosedToViewer, hasSpecialConsent });

describe('profileFieldRules', () => {
  it('never shows an anonymous visitor contact or special-category fields, whatever the rows say', () => {
    expect(rules({ kind: 'anonymous' }, true, true)).toEqual({ contact: false, specialCategory: false });
  });
  it('shows a member contact details only after a release, special answers only with consent', () => {
    const member = { kind: 'member', userId: 'viewer' } as const;
    expect(rules(member)).toEqual({ contact: false, specialCategory: false });
    expect(rules(member, true)).toEqual({ contact: true, specialCategory: false });
    expect(rules(member, false, true)).toEqual({ contact: false, specialCategory: true });
  });
  it('shows the member themself everything, staff contact details always', () => {
    expect(rules({ kind: 'member', userId: 'subject' })).toEqual({ contact: true, specialCategory: true });
    expect(rules({ kind: 'staff', userId: 'x' })).toEqual({ contact: true, specialCategory: false });
  });
  it('tells staff from members by role', () => {
    expect(viewerOf(null)).toEqual({ kind: 'anonymous' });
    expect(viewerOf({ id: 'a', role: 'member' })).toEqual({ kind: 'member', userId: 'a' });
    expect(viewerOf({ id: 'b', role: 'consultant' })).toEqual({ kind: 'staff', userId: 'b' });
    expect(viewerOf({ id: 'c', role: 'admin' })).toEqual({ kind: 'staff', userId: 'c' });
  });
});

describe('profileShownTo', () => {
  it('shows a visible profile to every member, a hidden one to related members only, a paused one to nobody', () => {
    const relations = ['none', 'incoming', 'outgoing', 'friends'] as const;
    expect(relations.map((r) => profileShownTo('visible', r))).toEqual([true, true, true, true]);
    expect(relations.map((r) => profileShownTo('hidden', r))).toEqual([false, true, true, true]);
    expect(relations.map((r) => profileShownTo('paused', r))).toEqual([false, false, false, false]);
  });
});
