import { useSyncExternalStore } from 'react';

// The spec's snack-bar (section 8): a message with an 'Ok' action for ERROR_SNACKBAR_MS. Mantine's notifications
// are not in the entry chunk every public page loads: the first message asks the root layout to mount
// <SnackbarHost> (components/SnackbarHost.tsx, its own chunk), which shows what waited and everything after.

type Show = (message: string) => void;
let show: Show | null = null;
const waiting: string[] = [];
let hostWanted = false;
const listeners = new Set<() => void>();

export function showSnackbar(message: string) {
  if (show) return show(message);
  waiting.push(message);
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of listeners) listener();
}

/** For the root layout: true once a message has to be shown (mount the host then). */
export function useSnackbarHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hostWanted,
    () => false,
  );
}

/** For the host: shows the messages that waited for it, then every next one at once. */
export function attachSnackbarHost(hostShow: Show) {
  show = hostShow;
  for (const message of waiting.splice(0)) hostShow(message);
  return () => {
    if (show === hostShow) show = null;
  };
}
