import { afterEach, describe, expect, it, vi } from 'vitest';
import { forFirstScreen } from './first-screen';

const pageWith = (classes: string) => ({
  documentElement: { classList: { contains: (name: string) => classes.split(' ').includes(name) } },
});

describe('forFirstScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the reads on the server, where there is no document', async () => {
    const reads = vi.fn(async () => 'read');
    await expect(forFirstScreen(reads)).resolves.toBe('read');
    expect(reads).toHaveBeenCalledOnce();
  });

  it('waits for them while the app hydrates a page the server rendered', async () => {
    vi.stubGlobal('document', pageWith('hydrating'));
    await expect(forFirstScreen(async () => 'read')).resolves.toBe('read');
  });

  it('starts them but does not wait on a move inside the app', () => {
    vi.stubGlobal('document', pageWith(''));
    const reads = vi.fn(async () => 'read');
    expect(forFirstScreen(reads)).toBeUndefined();
    expect(reads).toHaveBeenCalledOnce();
  });
});
