import { describe, expect, it } from 'vitest';
import { safeRedirect } from './session';

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
