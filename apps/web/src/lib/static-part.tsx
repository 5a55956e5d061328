import { useRouter } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { MomentKind } from './dates';
import { isPlainClick } from './links';

// What a page only shows (a member's card, a profile's sections, a console table's rows) need not be hydrated: the
// markup the server drew is what the app would draw. On the first screen such a part keeps the server's nodes and
// React renders nothing inside it (an element with dangerouslySetInnerHTML: React hydrates none of its children and
// keeps them as they are), so a phone's main thread hydrates only what a person can press (decision 221). The part is
// drawn by the app once what it shows changes (`deps`), and on every later page, as any other.

const SERVER_MARKUP = { __html: '' };
const noSubscription = () => () => undefined;
/**
 * Whether this render is React hydrating the server's markup: React reads a store's server snapshot only then (and on
 * the server). A page's parts hydrate in more than one pass (each Suspense boundary of the router's on its own, after
 * the root's first commit), so no page-wide flag tells it.
 */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
const sameDeps = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * The moments in the server's markup (components/Moment.tsx), written again in the viewer's time zone. The formats
 * load only where a part has moments (not on /, whose first JavaScript has a budget: apps/web/vite-plugins.ts); the
 * first paint, before any script, shows the server's zone anyway.
 */
function localizeMoments(container: HTMLElement): void {
  const times = container.querySelectorAll<HTMLTimeElement>('time[data-moment]');
  if (!times.length) return;
  void import('./dates').then(({ formatMoment }) => {
    for (const time of times) {
      const text = formatMoment(time.dataset.moment as MomentKind, time.dateTime, time.dataset.end);
      if (time.textContent !== text) time.textContent = text;
    }
  });
}

/**
 * A shown-only part of the page. `deps`: what it is drawn from (a query's data); while they are the ones it was
 * hydrated with, the server's markup stays. Links in it move within the app as the router's do; what can be pressed
 * otherwise (a button, a form) goes beside it, not in it.
 */
export function StaticPart({ deps, children }: { deps: readonly unknown[]; children: ReactNode }) {
  const router = useRouter();
  const ref = useRef<HTMLDivElement>(null);
  const hydrating = useHydrating();
  // the deps it was hydrated with, or null: drawn by the app (later pages, the server's own render)
  const [hydratedWith, setHydratedWith] = useState<readonly unknown[] | null>(() =>
    typeof document !== 'undefined' && hydrating ? deps : null,
  );
  // once it shows something else it is the app's for good (the server's markup is gone)
  if (hydratedWith !== null && !sameDeps(hydratedWith, deps)) setHydratedWith(null);
  const serverMarkup = hydratedWith !== null;
  useLayoutEffect(() => {
    const container = ref.current;
    if (!serverMarkup || !container) return;
    // no server markup after all (a part the server left to the browser): drawn here, before the paint
    if (!container.hasChildNodes()) return setHydratedWith(null);
    localizeMoments(container);
    // the router's links do their work in their own click handler, which markup without React has not got
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      const link = (event.target as Element | null)?.closest('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      if (link.origin !== window.location.origin || link.hasAttribute('download')) return;
      event.preventDefault();
      void router.navigate({ href: `${link.pathname}${link.search}${link.hash}` });
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [serverMarkup, router]);
  return serverMarkup ? (
    <div ref={ref} className="static-part" suppressHydrationWarning dangerouslySetInnerHTML={SERVER_MARKUP} />
  ) : (
    <div ref={ref} className="static-part">
      {children}
    </div>
  );
}
