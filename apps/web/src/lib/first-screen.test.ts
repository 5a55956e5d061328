import { afterEach, describe, expect, it, vi } from 'vitest';

/** A document whose <html> has the class `hydrating` (a page the server drew) or not, and this module loaded in it. */
async function loadedIn(hydrating: boolean | undefined) {
  vi.resetModules();
  if (hydrating !== undefined) {
    const classes = new Set(hydrating ? ['hydrating'] : []);
    vi.stubGlobal('document', {
      documentElement: {
        classList: { contains: (c: string) => classes.has(c), remove: (c: string) => classes.delete(c) },
      },
    });
  }
  return import('./first-screen');
}

describe('forFirstScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the reads on the server, where there is no document', async () => {
    const { forFirstScreen } = await loadedIn(undefined);
    const reads = vi.fn(async () => 'read');
    await expect(forFirstScreen(reads)).resolves.toBe('read');
    expect(reads).toHaveBeenCalledOnce();
  });

  it('waits for them while the app hydrates a page the server rendered, not after its first commit', async () => {
    const { forFirstScreen, firstScreenDrawn } = await loadedIn(true);
    await expect(forFirstScreen(async () => 'read')).resolves.toBe('read');
    firstScreenDrawn();
    expect(forFirstScreen(async () => 'read')).toBeUndefined();
  });

  it('starts them but does not wait on a page the app draws itself', async () => {
    const { forFirstScreen } = await loadedIn(false);
    const reads = vi.fn(async () => 'read');
    expect(forFirstScreen(reads)).toBeUndefined();
    expect(reads).toHaveBeenCalledOnce();
  });
});
