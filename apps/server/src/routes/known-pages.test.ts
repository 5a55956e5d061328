import { describe, expect, it } from 'vitest';
import { routeMatcher } from './known-pages';

describe('routeMatcher', () => {
  const known = routeMatcher(['/', '/faq', '/members/$memberId', '/account/messages/$userId', '/files/$']);

  it('knows the routes, with their parameters, query strings, trailing slashes and any case', () => {
    expect(known('/')).toBe(true);
    expect(known('/faq')).toBe(true);
    expect(known('/faq/')).toBe(true);
    expect(known('/FAQ?from=footer#top')).toBe(true);
    expect(known('/members/8f0c')).toBe(true);
    expect(known('/account/messages/a%20b')).toBe(true);
    expect(known('/files/a/b/c')).toBe(true);
  });

  it('answers no for any other path', () => {
    expect(known('/no-such-page')).toBe(false);
    expect(known('/faq/more')).toBe(false);
    expect(known('/members')).toBe(false);
    expect(known('/members/1/2')).toBe(false);
    expect(known('/files')).toBe(false);
    expect(known('/account/messages/%E0%A4%A')).toBe(false);
  });
});
