// The stylesheets of a page the server drew, switched on when the page first needs them (see below). Called by
// main.tsx on such pages only.
import { STATIC_CONSENT_BANNER_ID } from '../lib/consent';

/** Elements drawn without any text in them. */
const DRAWN = 'img, svg, input, textarea, select, button, [role], [class*="Loader"]';

/** Helpers that draw nothing: the hidden field Mantine's growing textarea measures with, dnd-kit's announcements. */
const HIDDEN_HELPERS = 'textarea[aria-hidden="true"], [id^="DndLiveRegion-"]';

/** Attributes no stylesheet rule needs: inline styles, and those that name or link (ids given as fields hydrate). */
const RULELESS_ATTRIBUTES = new Set([
  'style',
  'id',
  'for',
  'name',
  'aria-describedby',
  'aria-labelledby',
  'aria-controls',
]);

/** How long after the app's code arrived the stylesheets are switched on (when the browser is next idle), at the latest. */
const STYLESHEETS_IDLE_AFTER_MS = 5_000;

/**
 * The markup came with its CSS rules inline and the stylesheets loading without blocking (media="print",
 * render.tsx inlineCriticalCss): what the app draws next (a menu, a dialog, the next page) needs them all. Their
 * first use costs a long task (the browser indexes every rule: about 80 ms on a phone for Mantine's), so not while
 * the page loads: they are switched on before anything new is drawn (a change in the page, seen before the next
 * paint), at the visitor's first press, key or focus, or when the browser is idle a while after the page's code arrived. The
 * cookie banner's library replacing the server's copy of it draws nothing new (same markup, rules inline).
 */
export function switchOnStylesheetsWhenNeeded(): void {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')];
  if (!links.length) return;
  // the banner, the server's copy or the library's (its preferences dialog is new, and needs the rules)
  const banner = (node: Node | null) =>
    node instanceof Element &&
    (node.id === 'cc-main' || node.closest(`#cc-main .cm-wrapper, #${STATIC_CONSENT_BANNER_ID}`) !== null);
  // what needs no rule that is not inline: the banner's library taking over, the router's hydration scripts leaving
  // the document, a text or comment changed (a date in the viewer's time zone, React's markers), an element not
  // displayed or empty (the portal of a closed dialog), hidden helpers, an attribute set to the value it had or one
  // no rule selects on
  const empty = (node: Element) =>
    node.textContent === '' && !node.matches(DRAWN) && !node.querySelector(DRAWN);
  const unseen = (node: Node) =>
    node instanceof CharacterData ||
    banner(node) ||
    (node instanceof HTMLElement && node.style.display === 'none') ||
    node instanceof HTMLScriptElement ||
    (node instanceof Element && (node.matches(HIDDEN_HELPERS) || empty(node)));
  const drawsNothingNew = (record: MutationRecord) => {
    if (banner(record.target) || (record.target instanceof Element && record.target.matches(HIDDEN_HELPERS)))
      return true;
    if (record.type === 'characterData') return true;
    if (record.type === 'childList') return [...record.addedNodes, ...record.removedNodes].every(unseen);
    const name = record.attributeName!;
    return RULELESS_ATTRIBUTES.has(name) || (record.target as Element).getAttribute(name) === record.oldValue;
  };
  const observer = new MutationObserver((records) => {
    if (!records.every(drawsNothingNew)) switchOn();
  });
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  // not the focus the banner's library moves to the banner as it shows it
  function switchOn(event?: Event) {
    if (event?.type === 'focusin' && banner(event.target as Node)) return;
    observer.disconnect();
    for (const type of events) window.removeEventListener(type, switchOn, true);
    for (const link of links) link.media = 'all';
  }
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeOldValue: true,
    characterData: true,
  });
  for (const type of events) window.addEventListener(type, switchOn, true);
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => switchOn(), { timeout: 2_000 });
    else switchOn();
  }, STYLESHEETS_IDLE_AFTER_MS);
}
