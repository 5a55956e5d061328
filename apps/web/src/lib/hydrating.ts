// `hydrating` on <html>: the page's markup came from the server (apps/web/src/prerender/render.tsx) and the app has
// not hydrated it yet. What waits for it (prerender/hydration.ts, loaded only on such a page) registers here. The
// presses are held from the entry on: that chunk may arrive after the visitor's first press.

export const isHydrating = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.classList.contains('hydrating');

let afterHydration: (() => void) | undefined;
let typingPending: () => boolean = () => false;

/**
 * `then` is called once the app has hydrated the page, and on each press held after that; `typedNotGiven` says that
 * what the visitor typed before a field was hydrated has not reached the app's state yet (a press would act without
 * it).
 */
export function whenHydrated(then: () => void, typedNotGiven: () => boolean): void {
  afterHydration = then;
  typingPending = typedNotGiven;
}

/** The app's first commit (the root route's effect): the server's markup is the app's now. */
export function hydrated(): void {
  if (!isHydrating()) return;
  document.documentElement.classList.remove('hydrating');
  afterHydration?.();
}

/**
 * React hydrates a part whose code is still loading (a Suspense boundary) after the rest, and a press on a part not
 * hydrated yet is lost (React 19 does not replay it). A node React has hydrated carries its props (React DOM's
 * `__reactProps$` key, the same in React 17 to 19).
 */
export const propsOf = (node: Element) =>
  (node as unknown as Record<string, Record<string, unknown> | undefined>)[
    Object.keys(node).find((key) => key.startsWith('__reactProps$')) ?? ''
  ];
export const hydratedByReact = (node: Element) => propsOf(node) !== undefined;
/**
 * Hydrated and committed: until the first commit (the class goes) a node React has hydrated may not be committed yet,
 * and React drops a press on it; a part hydrated later (a Suspense boundary) commits with its hydration.
 */
export const hydratedNow = (node: Element) => !isHydrating() && hydratedByReact(node);
/** A press on this node works now: it is hydrated and committed, and the app has what was typed before. */
const pressWorks = (node: Element) => hydratedNow(node) && !typingPending();

// A press on a button (a tab, the menu, a submit button) that React has not hydrated yet is held here and made again
// on the same button once it works (prerender/hydration.ts); so is Enter in a form's field (a form would otherwise
// submit itself and reload the page). Links work as they are.
const CONTROLS = 'button, [role="tab"], [role="button"], summary';
let held: HTMLElement | null = null;

/** The button or form a held press is for. */
export const heldPress = () => held;
export function dropHeldPress(): void {
  held = null;
}

function hold(event: Event, target: HTMLElement): void {
  event.preventDefault();
  event.stopImmediatePropagation();
  held = target;
  if (!isHydrating()) afterHydration?.();
}

const root = typeof document !== 'undefined' ? document.getElementById('root') : null;
if (root && isHydrating()) {
  // before React's own listeners on the same element (added when it hydrates): a held press does not reach them
  root.addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element | null)?.closest(CONTROLS);
      if (control instanceof HTMLElement && !control.closest('a[href]') && !pressWorks(control))
        hold(event, control);
    },
    true,
  );
  root.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement && !pressWorks(event.target)) hold(event, event.target);
    },
    true,
  );
}
