import { isHydrating } from './hydrating';

/**
 * A route loader's reads, started at once; waited for only where the page's first screen is drawn from them: the
 * server's render, and the app hydrating that render (which must draw the same). On a move inside the app the page
 * shows at once with its own loading state, and the previous page is not left on screen (and in use) while the next
 * one's data arrives.
 */
export function forFirstScreen(reads: () => Promise<unknown>): Promise<unknown> | undefined {
  const started = reads();
  return drawingFirstScreen() ? started : undefined;
}

/** Whether the page being loaded is the first screen: the server's render, or the app hydrating it. */
export function drawingFirstScreen(): boolean {
  return typeof document === 'undefined' || isHydrating();
}
