import { useSyncExternalStore } from 'react';

// The snack-bar: a failed call's message (or a saved form's, tone 'success') with an 'Ok' action for
// ERROR_SNACKBAR_MS, where the eye is whatever the scroll position. Mantine's notifications
// are not in the entry chunk every public page loads: the first message asks the root layout to mount
// <SnackbarHost> (components/SnackbarHost.tsx, its own chunk), which shows what waited and everything after.

export type SnackbarTone = 'error' | 'success';
type Show = (message: string, tone: SnackbarTone) => void;
let show: Show | null = null;
const waiting: [string, SnackbarTone][] = [];
let hostWanted = false;
const listeners = new Set<() => void>();

export function showSnackbar(message: string, tone: SnackbarTone = 'error') {
  if (show) return show(message, tone);
  waiting.push([message, tone]);
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
  for (const [message, tone] of waiting.splice(0)) hostShow(message, tone);
  return () => {
    if (show === hostShow) show = null;
  };
}
