import { describe, expect, it } from 'vitest';
import { landingPath, safeRedirect, type SessionUser } from './session';

const ORIGIN = 'https://rhema.example';

describe('safeRedirect', () => {
  it('keeps paths inside the app, with their query and fragment', () => {
    expect(safeRedirect('/account')).toBe('/account');
    expect(safeRedirect('/account/introductions?page=2#top')).toBe('/account/introductions?page=2#top');
    expect(safeRedirect('/faq')).toBe('/faq');
  });

  it('drops nothing-at-all and relative targets', () => {
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect('')).toBeUndefined();
    expect(safeRedirect('account')).toBeUndefined();
    expect(safeRedirect('./account')).toBeUndefined();
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    // browsers drop tabs and line breaks from URLs, so these become //evil.example
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' //evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
  ])('never leaves the origin: %j', (target) => {
    const kept = safeRedirect(target);
    if (kept !== undefined) expect(new URL(kept, ORIGIN).origin).toBe(ORIGIN);
    expect(kept).toBeUndefined();
  });

  it('never sends a signed-in user back to the auth pages (a loop)', () => {
    expect(safeRedirect('/auth/login')).toBeUndefined();
    expect(safeRedirect('/auth/register?x=1')).toBeUndefined();
  });
});

describe('landingPath', () => {
  const user = (role: SessionUser['role'], introductions = false): SessionUser => ({
    _id: 'u1',
    first_name: 'Ada',
    last_name: 'Obi',
    email: 'ada@example.com',
    role,
    introductions,
  });

  it('sends staff to the console, whatever the introductions flag', () => {
    expect(landingPath(user('consultant'))).toBe('/admin21');
    expect(landingPath(user('admin', true))).toBe('/admin21');
  });

  it('sends a member where the introductions flag says', () => {
    expect(landingPath(user('member', true))).toBe('/account/introductions');
    expect(landingPath(user('member'))).toBe('/account');
  });

  it('sends a member who has just signed up to the onboarding', () => {
    expect(landingPath(user('member'), { signedUp: true })).toBe('/account/welcome');
    expect(landingPath(user('member', true), { signedUp: true })).toBe('/account/welcome');
  });
});
