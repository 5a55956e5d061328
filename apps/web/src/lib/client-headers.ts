import { APP_VERSION_HEADER } from '@rhema/schemas';
import { readXsrfToken } from './xsrf';

/**
 * The headers every call of the web app carries, as the mobile app's do (apps/server/src/plugins/mobile-clients.ts
 * lists them for CORS): an empty `app-id`, the app's version number (which MIN_APP_VERSION compares), and on a call
 * that changes something the XSRF token read from its cookie.
 */
export function clientHeaders({ changes }: { changes: boolean }): Record<string, string> {
  const token = changes ? readXsrfToken() : undefined;
  return {
    'app-id': '',
    'x-app-version-number': APP_VERSION_HEADER,
    ...(token ? { 'x-xsrf-token': token } : {}),
  };
}
