// A prerendered page (vite-plugins.ts) shows static HTML in #prerender while the app starts, hidden, in #root.
// Once the router is idle and the page's content is in #root, the app takes its place in one frame (the same
// markup, so nothing moves). If the app never starts, the static page simply stays.
const MAX_FRAMES = 600;

function revealApp(): void {
  document.getElementById('prerender')?.remove();
  for (const node of document.querySelectorAll('[data-prerender]')) node.remove();
  document.documentElement.classList.remove('prerendered');
}

export function revealWhenReady(isRouterIdle: () => boolean, framesLeft = MAX_FRAMES): void {
  if (!document.documentElement.classList.contains('prerendered')) return;
  const main = document.querySelector('#root main');
  const ready = isRouterIdle() && main !== null && main.childElementCount > 0;
  if (ready || framesLeft <= 0) revealApp();
  else requestAnimationFrame(() => revealWhenReady(isRouterIdle, framesLeft - 1));
}
