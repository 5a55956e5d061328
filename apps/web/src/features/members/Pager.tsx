import { Button, Group, Text } from '@mantine/core';
import type { TPaginator } from '@rhema/schemas';

/** Back, 'Page X of Y', Next: each button disabled at its end. */
export function Pager({ paginator, onPage }: { paginator: TPaginator; onPage: (page: number) => void }) {
  if (paginator.pageCount <= 1) return null;
  return (
    <Group justify="center" mt="lg" component="nav" aria-label="Pages">
      <Button
        variant="default"
        disabled={!paginator.hasPrevPage}
        onClick={() => paginator.prev && onPage(paginator.prev)}
      >
        Back
      </Button>
      <Text aria-live="polite">
        Page {paginator.currentPage} of {paginator.pageCount}
      </Text>
      <Button
        variant="default"
        disabled={!paginator.hasNextPage}
        onClick={() => paginator.next && onPage(paginator.next)}
      >
        Next
      </Button>
    </Group>
  );
}
