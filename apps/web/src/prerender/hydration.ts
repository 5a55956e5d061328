// A page the server drew (render.tsx) comes with its markup in #root and the query cache it was drawn from. The app
// puts that cache back (no read is made twice), loads the page's code and hydrates the markup: the same nodes stay,
// nothing is drawn again. Until then <html> has the class `hydrating`.
import { takeEmbeddedJson } from '@rhema/schemas';
import { hydrate, type QueryClient } from '@tanstack/react-query';

/** The element that carries the page's query cache (render.tsx writes it). */
export const EMBEDDED_STATE_ID = 'rhema-state';

export const isHydrating = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.classList.contains('hydrating');

/** The server's answers to the page's reads, into the app's cache (a fresher answer already there is kept). */
export function restoreServerState(queryClient: QueryClient): void {
  const state = takeEmbeddedJson(EMBEDDED_STATE_ID, document);
  if (state && typeof state === 'object') hydrate(queryClient, state);
}

// The page's buttons (tabs, the menu, submit buttons) do nothing before the app has hydrated them: a press made
// while its code loads is held here and made again on the same button once it works. Links work as they are.
const CONTROLS = 'button, [role="tab"], [role="button"], summary';
let held: { control: HTMLElement } | { form: HTMLFormElement } | null = null;
let holding = false;

function holdPresses(root: HTMLElement): void {
  holding = true;
  root.addEventListener(
    'click',
    (event) => {
      if (!holding) return;
      const control = (event.target as Element | null)?.closest(CONTROLS);
      if (!(control instanceof HTMLElement) || control.closest('a[href]')) return;
      event.preventDefault();
      held = { control };
    },
    true,
  );
  // a form never submits itself before the app runs (it would reload the page): Enter in a field (no press) is
  // held as that form's submission
  root.addEventListener(
    'submit',
    (event) => {
      if (!holding) return;
      event.preventDefault();
      if (event.target instanceof HTMLFormElement) held = { form: event.target };
    },
    true,
  );
}

/**
 * The markup came with its CSS rules inline and the stylesheets loading without blocking (media="print",
 * render.tsx inlineCriticalCss): what the app draws next (a menu, a dialog) needs them all.
 */
function switchOnStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) link.media = 'all';
}

const root = typeof document !== 'undefined' ? document.getElementById('root') : null;
if (root && isHydrating()) {
  holdPresses(root);
  // while the page's code loads, not in the hydration's tasks
  switchOnStylesheets();
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** What the visitor typed, ticked or chose before the app hydrated the page: the field and its value then. */
let typed: { field: Field; value: string; checked: boolean }[] = [];

/** A field the visitor has changed: its value is not the one the server's markup gave it. */
function changedByVisitor(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * React takes the page's events from here on (it replays those made while it hydrates). React keeps a field's value
 * as the visitor left it but not in the app's state: noted here, given to the app once it has hydrated.
 */
export function stopHoldingPresses(): void {
  holding = false;
  typed = [...(root?.querySelectorAll<Field>('input, select, textarea') ?? [])]
    .filter((field) => !['hidden', 'submit', 'button'].includes(field.type) && changedByVisitor(field))
    .map((field) => ({ field, value: field.value, checked: 'checked' in field && field.checked }));
}

/**
 * Each noted field back to the markup's value through React's own setter, then to the visitor's through the
 * element's and the event a person's input fires: React sees the change and the app's state follows.
 */
function carryOverTyped(): void {
  console.warn("TMPDEBUG carry", typed.length, typed.map((t) => t.field.id + "=" + t.value + ":" + String(Object.keys(t.field).length)).join(","));
  for (const { field, value, checked } of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      field.checked = field.defaultChecked;
      if (field.checked !== checked) field.click();
      continue;
    }
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  typed = [];
}

/** Once the app has hydrated the page: what was typed goes into its state, the held press is made on its button. */
export function hydrated(): void {
  if (!isHydrating()) return;
  document.documentElement.classList.remove('hydrating');
  carryOverTyped();
  const press = held;
  held = null;
  if (!press) return;
  // after what was carried over has reached the app's state
  setTimeout(() => {
    if ('form' in press) {
      if (press.form.isConnected) press.form.requestSubmit();
    } else if (press.control.isConnected) press.control.click();
  }, 0);
}
