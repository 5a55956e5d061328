import {
  Drawer as MantineDrawer,
  Modal as MantineModal,
  type DrawerProps,
  type ModalProps,
} from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Mantine's Modal and Drawer, mounted the first time they open and kept from then on (so they animate closed).
 * A closed Mantine dialog still mounts its portal, focus return, scroll lock and ids, and each of those sets state as
 * it mounts: on a page that hydrates with closed dialogs, React re-rendered them all in the hydration's last task
 * (bench/results/2026-11-29-hydration-tasks.md). A dialog is never in the server's markup, so nothing changes there.
 *
 * The first opening mounts the dialog closed and opens it at the next frame, as Mantine's own opening does: its
 * transition (and `transitionProps.onEnter`, which some forms use to take the values in force) runs every time.
 */
function useOpenedOnce(opened: boolean): { mounted: boolean; opened: boolean } {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!mounted) return;
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, [mounted]);
  return { mounted, opened: opened && ready };
}

export function Modal(props: ModalProps) {
  const { mounted, opened } = useOpenedOnce(props.opened);
  return mounted ? <MantineModal {...props} opened={opened} /> : null;
}

export function Drawer(props: DrawerProps) {
  const { mounted, opened } = useOpenedOnce(props.opened);
  return mounted ? <MantineDrawer {...props} opened={opened} /> : null;
}
