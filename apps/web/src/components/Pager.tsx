import { Button, Group, Text } from '@mantine/core';
import type { TAdminPaginator, TPaginator } from '@rhema/schemas';

/** Where the next page starts: the console's keyset positions (both keys, so an old one is dropped). */
export interface PagePosition {
  after: string | undefined;
  before: string | undefined;
}

/**
 * Every list's pager: Back, 'Page X of Y', Next, each disabled at its end. `onPage` gets the page to show and, for
 * the console's lists, the cursor it starts from; above the console's exact-count cap the page count is the
 * database's estimate and says so ('about').
 */
export function Pager({
  paginator,
  onPage,
}: {
  paginator: TPaginator & Partial<Pick<TAdminPaginator, 'totalIsEstimate' | 'nextCursor' | 'prevCursor'>>;
  onPage: (page: number, position: PagePosition) => void;
}) {
  const { prev, next } = paginator;
  return (
    <Group justify="center" gap="md" my="lg" component="nav" aria-label="Pagination">
      <Button
        variant="default"
        disabled={!paginator.hasPrevPage || prev === null}
        onClick={() =>
          prev !== null && onPage(prev, { after: undefined, before: paginator.prevCursor ?? undefined })
        }
      >
        Back
      </Button>
      <Text aria-live="polite">
        Page {paginator.currentPage} of {paginator.totalIsEstimate ? 'about ' : ''}
        {paginator.pageCount}
      </Text>
      <Button
        variant="default"
        disabled={!paginator.hasNextPage || next === null}
        onClick={() =>
          next !== null && onPage(next, { after: paginator.nextCursor ?? undefined, before: undefined })
        }
      >
        Next
      </Button>
    </Group>
  );
}
