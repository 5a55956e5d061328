import { lazy } from 'react';

// React.lazy with the loads it starts known: renderToString cannot wait for a part whose code is not loaded yet (it
// leaves that part to the browser, which draws it anew: a press made on it while the page hydrates is lost), so the
// server's render waits for the loads the render started and renders again (prerender/render.tsx).
const loading = new Set<Promise<unknown>>();
let started = 0;

/** A part of a page whose code loads when it is first drawn: React.lazy, with its own type. */
export const lazyPart: typeof lazy = (load) =>
  lazy(() => {
    started += 1;
    const loaded = load();
    loading.add(loaded);
    const done = () => loading.delete(loaded);
    loaded.then(done, done);
    return loaded;
  });

/** The parts' loads that are under way (a render met a part whose code was not there). */
export const partsLoading = (): Promise<unknown>[] => [...loading];

/**
 * How many parts' loads have started: a render that started one left that part to the browser, even when the load
 * has finished by the time the render's answer is complete (the router's SSR awaits its own work after rendering).
 */
export const partsStarted = (): number => started;
