// `hydrating` on <html>: the page's markup came from the server (apps/web/src/prerender/render.tsx) and the app has
// not hydrated it yet. What waits for it (prerender/hydration.ts, loaded only on such a page) registers here.

export const isHydrating = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.classList.contains('hydrating');

let afterHydration: (() => void) | undefined;

/** Called once the app has hydrated the page. */
export function whenHydrated(then: () => void): void {
  afterHydration = then;
}

/** The app's first commit (the root route's effect): the server's markup is the app's now. */
export function hydrated(): void {
  if (!isHydrating()) return;
  document.documentElement.classList.remove('hydrating');
  afterHydration?.();
}
