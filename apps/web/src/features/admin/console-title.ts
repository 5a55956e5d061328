import { useEffect } from 'react';

/**
 * Names what a console page shows in the browser tab ("Ada, 34 · Member · Management Console · Rhema"): the route's
 * static title cannot know the member, so the page sets it once its data is there.
 */
export function useConsoleTitle(what: string) {
  useEffect(() => {
    document.title = `${what} · Management Console · Rhema`;
  }, [what]);
}
