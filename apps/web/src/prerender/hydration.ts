// A page the server drew (render.tsx) comes with its markup in #root and the query cache it was drawn from. The app
// puts that cache back (no read is made twice), loads the page's code and hydrates the markup: the same nodes stay,
// nothing is drawn again. Until then <html> has the class `hydrating`.
import { takeEmbeddedJson } from '@rhema/schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The element that carries the page's query cache (render.tsx writes it). */
export const EMBEDDED_STATE_ID = 'rhema-state';

export const isHydrating = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.classList.contains('hydrating');

/** What render.tsx writes: TanStack Query's dehydrate() of the render's cache, of which the answers are read here. */
interface ServerState {
  queries?: { queryKey: QueryKey; state: { data: unknown; dataUpdatedAt: number } }[];
}

/**
 * The server's answers to the page's reads, into the app's cache, as of when the server read them. (Query's own
 * hydrate() also restores mutations and pending reads, which a render has none of, and cost /'s first JavaScript
 * half a kilobyte: vite-plugins.ts INITIAL_JS_BUDGET_KB.)
 */
export function restoreServerState(queryClient: QueryClient): void {
  const state = takeEmbeddedJson(EMBEDDED_STATE_ID, document) as ServerState | undefined;
  for (const { queryKey, state: answer } of state?.queries ?? [])
    queryClient.setQueryData(queryKey, answer.data, { updatedAt: answer.dataUpdatedAt });
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
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]'))
    link.media = 'all';
}

const root = typeof document !== 'undefined' ? document.getElementById('root') : null;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isField = (node: EventTarget | null): node is Field =>
  (node instanceof HTMLInputElement && !['hidden', 'submit', 'button', 'file'].includes(node.type)) ||
  node instanceof HTMLSelectElement ||
  node instanceof HTMLTextAreaElement;

/** A field the visitor has changed before the app ran: its value is not the one its markup gave it. */
function changedByVisitor(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * What the visitor typed, ticked or chose before React hydrated the field. React 19 leaves such a value in the
 * field but not in the app's state, and the field's next render puts the state's back: noted here, given to the
 * app once the field is hydrated.
 */
const typed = new Map<Field, { value: string; checked: boolean }>();
let noting = false;
const note = (field: Field) =>
  typed.set(field, { value: field.value, checked: field instanceof HTMLInputElement && field.checked });

function noteTyping(root: HTMLElement): void {
  noting = true;
  for (const field of root.querySelectorAll('input, select, textarea'))
    if (isField(field) && changedByVisitor(field)) note(field);
  for (const type of ['input', 'change'])
    root.addEventListener(
      type,
      (event) => {
        // a hydrated field's input is React's own
        if (noting && isField(event.target) && !hydratedByReact(event.target)) note(event.target);
      },
      true,
    );
}

/** React takes the page's events from here on (it replays the presses made while it hydrates). */
export function stopHoldingPresses(): void {
  holding = false;
}

/**
 * React hydrates a part whose code or data is still loading (a Suspense boundary) after the rest: a node it has
 * hydrated carries its props (React DOM's `__reactProps$` key, the same in React 17 to 19).
 */
const hydratedByReact = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps$'));

/**
 * The field set to something else through React's own setter, then to the visitor's value through the element's,
 * with the event a person's input fires: React sees a change and the app's state follows.
 */
function carryOver(field: Field, { value, checked }: { value: string; checked: boolean }): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.type === 'radio' && !checked) return;
    field.checked = !checked;
    field.click();
  } else if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    field.value = value ? '' : ' ';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** The held press, made on the same button or form (React hydrates a part first when it is pressed). */
function replayPress(): void {
  const press = held;
  held = null;
  if (press && 'form' in press) {
    if (press.form.isConnected) press.form.requestSubmit();
  } else if (press?.control.isConnected) press.control.click();
}

const MAX_FRAMES = 600;

/** Each noted field, once React has hydrated it, gets what the visitor gave it; then the held press is made. */
function handOver(framesLeft: number): void {
  for (const [field, value] of typed) {
    if (field.isConnected && !hydratedByReact(field) && framesLeft > 0) continue;
    typed.delete(field);
    if (field.isConnected) carryOver(field, value);
  }
  if (typed.size) requestAnimationFrame(() => handOver(framesLeft - 1));
  else {
    noting = false;
    // after what was carried over has reached the app's state
    setTimeout(replayPress, 0);
  }
}

/** Once the app has hydrated the page (the parts still loading follow as they arrive). */
export function hydrated(): void {
  if (!isHydrating()) return;
  document.documentElement.classList.remove('hydrating');
  handOver(MAX_FRAMES);
}

if (root && isHydrating()) {
  holdPresses(root);
  noteTyping(root);
  // while the page's code loads, not in the hydration's tasks
  switchOnStylesheets();
}
