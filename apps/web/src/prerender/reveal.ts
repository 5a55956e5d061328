// A prerendered page (vite-plugins.ts) shows static HTML in #prerender while the app starts, hidden, in #root.
// Once the router is idle and the page's content is in #root, the app takes its place in one frame (the same
// markup, so nothing moves). If the app never starts, the static page simply stays.
const MAX_FRAMES = 600;

// The static page's buttons (tabs, the menu, submit buttons) do nothing by themselves: a press made before the app
// has taken over is held here and made again on the app's own button once it has. Links work as they are.
const CONTROLS = 'button, [role="tab"], [role="button"], summary';
let heldPress: { signature: string; ordinal: number } | null = null;
let heldSubmit: number | null = null;

/** What a control is, as far as a visitor can tell: the app's twin of a static control has the same. */
function signatureOf(control: Element): string {
  const label = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
  return `${control.tagName}|${control.getAttribute('role') ?? ''}|${label}`;
}

function controlsIn(root: Element | null, signature: string): Element[] {
  return root
    ? [...root.querySelectorAll(CONTROLS)].filter((control) => signatureOf(control) === signature)
    : [];
}

function holdPresses(): void {
  const page = document.getElementById('prerender');
  if (!page) return;
  page.addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element | null)?.closest(CONTROLS);
      if (!control || !page.contains(control) || control.closest('a[href]')) return;
      event.preventDefault();
      const signature = signatureOf(control);
      heldPress = { signature, ordinal: controlsIn(page, signature).indexOf(control) };
    },
    true,
  );
  // a form of the static page never submits itself (it would reload the page): its button's press is held above,
  // and Enter in one of its fields (no press) is held as that form's submission, made again on the app's form
  page.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      const form = event.target;
      if (form instanceof HTMLFormElement) heldSubmit = [...page.querySelectorAll('form')].indexOf(form);
    },
    true,
  );
}

function replayPress(): void {
  if (heldSubmit !== null) {
    const form = document.getElementById('root')?.querySelectorAll('form')[heldSubmit];
    heldSubmit = null;
    if (form) setTimeout(() => form.requestSubmit(), 0);
  }
  if (!heldPress) return;
  const { signature, ordinal } = heldPress;
  heldPress = null;
  const twin = controlsIn(document.getElementById('root'), signature)[ordinal];
  // after the carried-over input has reached the app's state
  if (twin instanceof HTMLElement) setTimeout(() => twin.click(), 0);
}

if (typeof document !== 'undefined' && document.documentElement.classList.contains('prerendered'))
  holdPresses();

/**
 * Whatever a visitor already typed, ticked or chose on the static page moves over to the app's field with the same
 * id: through the native setters and the events a person's input fires, so React's state follows.
 */
function carryOverInput(): void {
  const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    '#prerender input[id], #prerender select[id], #prerender textarea[id]',
  );
  for (const field of fields) {
    const target = document.querySelector(`#root [id="${CSS.escape(field.id)}"]`);
    if (!target || target.tagName !== field.tagName) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (target instanceof HTMLInputElement && field.checked !== target.checked) target.click();
      continue;
    }
    if (!field.value || field.value === (target as typeof field).value) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target) as object, 'value')?.set;
    setValue?.call(target, field.value);
    target.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
}

function revealApp(): void {
  carryOverInput();
  const focused = document.activeElement?.closest('#prerender') ? document.activeElement.id : '';
  document.getElementById('prerender')?.remove();
  for (const node of document.querySelectorAll('[data-prerender]')) node.remove();
  document.documentElement.classList.remove('prerendered');
  if (focused) document.getElementById(focused)?.focus();
  replayPress();
}

/**
 * The static page came with its CSS rules inline and the stylesheets loading without blocking (media="print",
 * render.tsx inlineCriticalCss): the app needs them all, so they are switched on now. True once all loaded.
 */
function stylesheetsReady(): boolean {
  let ready = true;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) {
    if (link.media !== 'all') {
      link.media = 'all';
      // not in this frame: restyling the page for them and laying out the app are two shorter tasks, not one long
      ready = false;
    }
    if (!link.sheet) ready = false;
  }
  return ready;
}

export function revealWhenReady(isRouterIdle: () => boolean, framesLeft = MAX_FRAMES): void {
  if (!document.documentElement.classList.contains('prerendered')) return;
  const main = document.querySelector('#root main');
  const ready = stylesheetsReady() && isRouterIdle() && main !== null && main.childElementCount > 0;
  if (ready || framesLeft <= 0) revealApp();
  else requestAnimationFrame(() => revealWhenReady(isRouterIdle, framesLeft - 1));
}
