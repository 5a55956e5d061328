import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the web build (apps/web/vite-plugins.ts prerender): the router's route paths, and the 404 page. */
export const ROUTES_FILE = 'routes.json';
export const NOT_FOUND_FILE = 'not-found.html';
/** Written by the web build too: the paths of the routes behind the app's sign-in guard (apps/web/src/lib/guards.ts). */
export const SIGNED_IN_ROUTES_FILE = 'signed-in-routes.json';

/**
 * Whether a page URL is one of the app's routes, matched as its router does: segment by segment, `$name` any one
 * segment, a lone `$` the rest, letters in any case, a trailing slash ignored.
 */
export function routeMatcher(routePaths: readonly string[]): (url: string) => boolean {
  const patterns = routePaths.map((path) => segmentsOf(path.toLowerCase()));
  return (url) => {
    let segments: string[];
    try {
      segments = segmentsOf(decodeURI(url.split(/[?#]/)[0] ?? '/').toLowerCase());
    } catch {
      // a malformed escape: no route of ours
      return false;
    }
    return patterns.some((pattern) => matches(pattern, segments));
  };
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matches(pattern: string[], segments: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    if (part === '$') return segments.length > i;
    const segment = segments[i];
    if (segment === undefined) return false;
    if (!part.startsWith('$') && part !== segment) return false;
  }
  return pattern.length === segments.length;
}

/**
 * The build's route list as a matcher, or undefined for a build without one (every page URL then gets the app
 * shell, and the app shows its own 404 page).
 */
export function knownPages(webDir: string): ((url: string) => boolean) | undefined {
  const file = join(webDir, ROUTES_FILE);
  if (!existsSync(file) || !existsSync(join(webDir, NOT_FOUND_FILE))) return undefined;
  return routeMatcher(JSON.parse(readFileSync(file, 'utf8')) as string[]);
}

/**
 * The routes a visitor must sign in for, as a matcher, or undefined for a build without the list (the app's guard
 * then sends the visitor to the login page once it has loaded).
 */
export function signedInPages(webDir: string): ((url: string) => boolean) | undefined {
  const file = join(webDir, SIGNED_IN_ROUTES_FILE);
  if (!existsSync(file)) return undefined;
  return routeMatcher(JSON.parse(readFileSync(file, 'utf8')) as string[]);
}
