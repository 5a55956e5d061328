import { Button, Group, Text } from '@mantine/core';
import type { TAdminPaginator } from '@rhema/schemas';

/**
 * Back, 'Page X of Y', Next (spec section 2), each disabled at its end. Above the exact-count cap the page count
 * is the database's estimate and says so ('about'; docs/decisions/090).
 */
export function Pager({
  paginator,
  onBack,
  onNext,
}: {
  paginator: TAdminPaginator;
  onBack: () => void;
  onNext: () => void;
}) {
  return (
    <Group justify="center" gap="md" my="lg" aria-label="Pagination" role="navigation">
      <Button variant="default" disabled={!paginator.hasPrevPage} onClick={onBack}>
        Back
      </Button>
      <Text aria-live="polite">
        Page {paginator.currentPage} of {paginator.totalIsEstimate ? 'about ' : ''}
        {paginator.pageCount}
      </Text>
      <Button variant="default" disabled={!paginator.hasNextPage} onClick={onNext}>
        Next
      </Button>
    </Group>
  );
}
