// CSRF defence (docs/security.md target 8, the Copenhagen Book's double-submit variant): the XSRF-TOKEN cookie is
// readable by the app, which echoes it as X-XSRF-TOKEN; for a signed-in browser the value must also be the one
// bound to the session (its SHA-256 is stored with the session), so a token planted by a sibling domain fails.
import { randomToken, sha256Bytes, timingSafeEqualBytes, timingSafeEqualString } from './crypto';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** An anonymous visitor's token (not bound to anything until sign-in replaces it). */
export function createAnonymousXsrfToken(): string {
  return randomToken(32);
}

export type XsrfVerdict = 'ok' | 'missing' | 'mismatch' | 'unbound';

export function checkXsrf(options: {
  cookieValue: string | undefined;
  headerValue: string | undefined;
  /** the session's stored hash, when the request is signed in by cookie */
  sessionXsrfHash?: Uint8Array | null | undefined;
}): XsrfVerdict {
  const { cookieValue, headerValue, sessionXsrfHash } = options;
  if (!headerValue || !cookieValue) return 'missing';
  if (!timingSafeEqualString(cookieValue, headerValue)) return 'mismatch';
  if (sessionXsrfHash !== undefined) {
    if (!sessionXsrfHash || !timingSafeEqualBytes(sha256Bytes(headerValue), sessionXsrfHash))
      return 'unbound';
  }
  return 'ok';
}
