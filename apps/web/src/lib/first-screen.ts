// Whether the page's first screen is the server's: its markup came in #root with <html class="hydrating">
// (prerender/render.tsx) and the app has not committed its own first render yet (routes/__root.tsx calls
// firstScreenDrawn, which removes the class: the e2e tests wait on it before a press that needs the app).
let fromServer = typeof document !== 'undefined' && document.documentElement.classList.contains('hydrating');

/** The page the browser shows was drawn by the server and the app has not committed its first render yet. */
export const serverDrawn = (): boolean => fromServer;

/** The app's first commit: what follows is the app's own. */
export function firstScreenDrawn(): void {
  if (!fromServer) return;
  fromServer = false;
  document.documentElement.classList.remove('hydrating');
}

/**
 * A route loader's reads, started at once; waited for only where the page's first screen is drawn from them: the
 * server's render, and the app hydrating that render (which must draw the same). On a move inside the app the page
 * shows at once with its own loading state, and the previous page is not left on screen (and in use) while the next
 * one's data arrives.
 */
export function forFirstScreen<T>(reads: () => Promise<T>): Promise<T> | undefined {
  const started = reads();
  return drawingFirstScreen() ? started : undefined;
}

/** Whether the page being loaded is the first screen: the server's render, or the app hydrating it. */
export function drawingFirstScreen(): boolean {
  return typeof document === 'undefined' || fromServer;
}
