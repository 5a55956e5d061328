import { describe, expect, it } from 'vitest';
import { sha256Bytes } from './crypto';
import { parseSessionToken } from './sessions';
import { checkXsrf, createAnonymousXsrfToken } from './xsrf';

describe('XSRF double submit bound to the session (docs/security.md target 8)', () => {
  const token = createAnonymousXsrfToken();
  it('needs both the cookie and the header, equal', () => {
    expect(checkXsrf({ cookieValue: token, headerValue: undefined })).toBe('missing');
    expect(checkXsrf({ cookieValue: undefined, headerValue: token })).toBe('missing');
    expect(checkXsrf({ cookieValue: token, headerValue: `${token}x` })).toBe('mismatch');
    expect(checkXsrf({ cookieValue: token, headerValue: token })).toBe('ok');
  });
  it('for a signed-in browser, the value must be the session’s', () => {
    expect(checkXsrf({ cookieValue: token, headerValue: token, sessionXsrfHash: sha256Bytes(token) })).toBe(
      'ok',
    );
    const other = createAnonymousXsrfToken();
    expect(checkXsrf({ cookieValue: other, headerValue: other, sessionXsrfHash: sha256Bytes(token) })).toBe(
      'unbound',
    );
    expect(checkXsrf({ cookieValue: token, headerValue: token, sessionXsrfHash: null })).toBe('unbound');
  });
  it('tokens carry 256 bits and session tokens parse only in their own shape', () => {
    expect(token).toMatch(/^[a-z2-7]{52}$/);
    expect(parseSessionToken('abc')).toBeNull();
    expect(parseSessionToken(`${'a'.repeat(26)}.${'b'.repeat(52)}`)).toEqual({
      id: 'a'.repeat(26),
      secret: 'b'.repeat(52),
    });
    expect(parseSessionToken(`${'a'.repeat(26)}.${'b'.repeat(52)}.c`)).toBeNull();
  });
});
