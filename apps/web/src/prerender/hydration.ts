// A page the server drew (render.tsx) comes with its markup in #root and the query cache it was drawn from. The app
// puts that cache back (no read is made twice), loads the page's code and hydrates the markup: the same nodes stay,
// nothing is drawn again. Until then <html> has the class `hydrating` (lib/hydrating.ts). Loaded by main.tsx on such
// a page only, beside the page's own code.
import { takeEmbeddedJson } from '@rhema/schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { switchOnStylesheetsWhenNeeded } from './deferred-stylesheets';
import {
  dropHeldPress,
  heldPress,
  hydratedByReact,
  hydratedNow,
  isHydrating,
  propsOf,
  whenHydrated,
} from '../lib/hydrating';

/** The element that carries the page's query cache (render.tsx writes it). */
export const EMBEDDED_STATE_ID = 'rhema-state';

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
interface Typed {
  value: string;
  checked: boolean;
  /** times it was given to the app */
  given: number;
}
const typed = new Map<Field, Typed>();
const note = (field: Field) =>
  typed.set(field, {
    value: field.value,
    checked: field instanceof HTMLInputElement && field.checked,
    given: 0,
  });

/**
 * Whether the app has the visitor's value: a controlled field's props show it once React has committed it (a field
 * hydrated in a render React has not committed yet takes no event); an uncontrolled one is given it once.
 */
function appHas(field: Field, { value, checked, given }: Typed): boolean {
  const props = propsOf(field);
  const isBox = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
  const shown = isBox ? props?.checked : props?.value;
  if (shown === undefined) return given > 0;
  return isBox ? shown === checked : String(shown as string) === value;
}

function noteTyping(root: HTMLElement): void {
  for (const field of root.querySelectorAll('input, select, textarea'))
    if (isField(field) && changedByVisitor(field)) note(field);
  for (const type of ['input', 'change'])
    root.addEventListener(
      type,
      (event) => {
        // a hydrated field's input is React's own
        if (!isField(event.target) || hydratedNow(event.target)) return;
        note(event.target);
        handOverSoon();
      },
      true,
    );
}

/**
 * The field set to something else through React's own setter, then to the visitor's value through the element's,
 * with the event a person's input fires: React sees a change and the app's state follows.
 */
function carryOver(field: Field, { value, checked }: Typed): void {
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

/** How long (in frames) a field or a press waits for React to hydrate it: a part drawn anew instead never is. */
const MAX_FRAMES = 600;
let framesLeft = 0;
let handingOver = false;

/**
 * Each frame until nothing waits: each noted field React has hydrated gets what the visitor gave it; then the held
 * press is made, once its button is hydrated, after what was carried over has reached the app's state.
 */
function handOver(): void {
  framesLeft--;
  for (const [field, entry] of typed) {
    if (field.isConnected && !hydratedByReact(field) && framesLeft > 0) continue;
    if (!field.isConnected || appHas(field, entry) || entry.given >= 3 || framesLeft <= 0)
      typed.delete(field);
    else {
      carryOver(field, entry);
      entry.given++;
    }
  }
  const target = heldPress();
  if (target && framesLeft <= 0) dropHeldPress();
  else if (target && !typed.size && hydratedByReact(target)) {
    dropHeldPress();
    setTimeout(() => {
      if (!target.isConnected) return;
      if (target instanceof HTMLFormElement) target.requestSubmit();
      else target.click();
    }, 0);
  }
  handingOver = typed.size > 0 || heldPress() !== null;
  if (handingOver) requestAnimationFrame(handOver);
}

/** Starts handing over, once the app has hydrated the page (until then nothing is hydrated). */
function handOverSoon(): void {
  framesLeft = MAX_FRAMES;
  if (!handingOver && !isHydrating()) {
    handingOver = true;
    requestAnimationFrame(handOver);
  }
}

if (root && isHydrating()) {
  // the parts still loading follow as they arrive; so does a press held meanwhile (lib/hydrating.ts)
  whenHydrated(handOverSoon, () => typed.size > 0);
  noteTyping(root);
  switchOnStylesheetsWhenNeeded(EMBEDDED_STATE_ID);
}
