// A prerendered page (vite-plugins.ts) shows static HTML in #prerender while the app starts, hidden, in #root.
// Once the router is idle and the page's content is in #root, the app takes its place in one frame (the same
// markup, so nothing moves). If the app never starts, the static page simply stays.
const MAX_FRAMES = 600;

/** Whatever a visitor already typed into the static page moves over to the app's field with the same id. */
function carryOverInput(): void {
  const typed = document.querySelectorAll<HTMLInputElement>('#prerender input[id]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const field of typed) {
    const target = document.querySelector<HTMLInputElement>(`#root input[id="${CSS.escape(field.id)}"]`);
    if (!target || !field.value || field.type === 'checkbox' || !setValue) continue;
    // through the native setter and an input event, so React's state follows
    setValue.call(target, field.value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function revealApp(): void {
  carryOverInput();
  const focused = document.activeElement?.closest('#prerender') ? document.activeElement.id : '';
  document.getElementById('prerender')?.remove();
  for (const node of document.querySelectorAll('[data-prerender]')) node.remove();
  document.documentElement.classList.remove('prerendered');
  if (focused) document.getElementById(focused)?.focus();
}

/**
 * The static page came with its CSS rules inline and the stylesheets loading without blocking (media="print",
 * vite-plugins.ts inlineCriticalCss): the app needs them all, so they are switched on now. True once all loaded.
 */
function stylesheetsReady(): boolean {
  let loaded = true;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) {
    if (link.media !== 'all') link.media = 'all';
    if (!link.sheet) loaded = false;
  }
  return loaded;
}

export function revealWhenReady(isRouterIdle: () => boolean, framesLeft = MAX_FRAMES): void {
  if (!document.documentElement.classList.contains('prerendered')) return;
  const main = document.querySelector('#root main');
  const ready = stylesheetsReady() && isRouterIdle() && main !== null && main.childElementCount > 0;
  if (ready || framesLeft <= 0) revealApp();
  else requestAnimationFrame(() => revealWhenReady(isRouterIdle, framesLeft - 1));
}
