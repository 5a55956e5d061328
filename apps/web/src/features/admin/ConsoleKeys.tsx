import { Button, Table, Text } from '@mantine/core';
import { Modal } from '../../components/overlays';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import type { RefObject } from 'react';

// The console's keyboard: j/k or the arrows move through the page's list (its rows carry data-console-row, the
// element that takes focus), Enter opens the focused row (a link), '/' focuses the search box, '?' shows them all.

const ROW = '[data-console-row]';

/** Moves focus to the next (+1) or previous (-1) row of the page's list; the first j lands on the first row. */
function moveRow(step: 1 | -1): boolean {
  const rows = [...document.querySelectorAll<HTMLElement>(`main ${ROW}`)];
  if (rows.length === 0) return false;
  const current = rows.findIndex(
    (row) => row === document.activeElement || row.contains(document.activeElement),
  );
  const next = current === -1 ? (step === 1 ? 0 : rows.length - 1) : current + step;
  const target = rows[Math.min(rows.length - 1, Math.max(0, next))];
  target?.focus();
  target?.scrollIntoView({ block: 'nearest' });
  return true;
}

const onRow = () => document.activeElement instanceof HTMLElement && document.activeElement.matches(ROW);

export const CONSOLE_SHORTCUTS: readonly { keys: readonly string[]; what: string }[] = [
  { keys: ['j', '↓'], what: 'Next row of the list' },
  { keys: ['k', '↑'], what: 'Previous row of the list' },
  { keys: ['Enter'], what: 'Open the row' },
  { keys: ['/'], what: 'Find a member' },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['Esc'], what: 'Close this window or the search results' },
];

/** The shortcuts of every console page and the '?' window that lists them (with a button for those who click). */
export function ConsoleKeys({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const [opened, { open, close }] = useDisclosure(false);
  const arrow = (step: 1 | -1) => (event: KeyboardEvent) => {
    // the arrows scroll the page as usual until a row has focus
    if (onRow() && moveRow(step)) event.preventDefault();
  };
  useHotkeys([
    ['j', () => moveRow(1)],
    ['k', () => moveRow(-1)],
    ['ArrowDown', arrow(1), { preventDefault: false }],
    ['ArrowUp', arrow(-1), { preventDefault: false }],
    ['/', () => searchRef.current?.focus()],
    ['shift+?', open],
    ['?', open],
  ]);
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={open} aria-keyshortcuts="?" visibleFrom="sm">
        Keyboard shortcuts
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Keyboard shortcuts"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Keys</Table.Th>
              <Table.Th scope="col">What they do</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CONSOLE_SHORTCUTS.map(({ keys, what }) => (
              <Table.Tr key={what}>
                <Table.Td>
                  {keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 ? ' or ' : null}
                      <Text component="kbd" ff="monospace" fw={700} size="sm">
                        {key}
                      </Text>
                    </span>
                  ))}
                </Table.Td>
                <Table.Td>{what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
