/**
 * Resolves in a task of its own: what follows runs after the browser has had its turn (input, a frame). Work split
 * this way is several short tasks instead of one long one that would hold back a press. `scheduler.yield()` where
 * the browser has it (the rest of the work goes first among waiting tasks), a timer elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
