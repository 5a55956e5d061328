/**
 * A route loader's reads, started at once; waited for only where the page's first screen is drawn from them: the
 * server's render, and the app taking that render over (which must show the same, decision 190). On a move inside
 * the app the page shows at once with its own loading state, as before it had a loader, and the previous page is not
 * left on screen (and in use) while the next one's data arrives.
 */
export function forFirstScreen(reads: () => Promise<unknown>): Promise<unknown> | undefined {
  const started = reads();
  const drawingFirstScreen =
    typeof document === 'undefined' || document.documentElement.classList.contains('prerendered');
  return drawingFirstScreen ? started : undefined;
}
