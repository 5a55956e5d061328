/**
 * The document's title from inside a page, for a title that names what the page shows once its data is there (a
 * member's or a community's name). React puts it in <head>, before any title already there, so it wins while the
 * page is shown; the route then sets no `head` title of its own. Also cheaper: route options are in the entry.
 */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · Rhema`}</title>;
}
