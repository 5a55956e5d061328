import {
  Drawer as MantineDrawer,
  Modal as MantineModal,
  type DrawerProps,
  type ModalProps,
} from '@mantine/core';
import { useState } from 'react';

/**
 * Mantine's Modal and Drawer, mounted the first time they open and kept from then on (so they animate closed).
 * A closed Mantine dialog still mounts its portal, focus return, scroll lock and ids, and each of those sets state as
 * it mounts: on a page that hydrates with closed dialogs, React re-rendered them all in the hydration's last task
 * (bench/results/2026-11-29-hydration-tasks.md). A dialog is never in the server's markup, so nothing changes there.
 */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

export function Modal(props: ModalProps) {
  return useOpenedOnce(props.opened) ? <MantineModal {...props} /> : null;
}

export function Drawer(props: DrawerProps) {
  return useOpenedOnce(props.opened) ? <MantineDrawer {...props} /> : null;
}
