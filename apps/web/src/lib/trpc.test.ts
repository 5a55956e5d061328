import { afterEach, describe, expect, it, vi } from 'vitest';
import { trpcClient } from './trpc';

// What the tRPC client puts on the wire: the fetch it calls is the browser's, stubbed here to keep the request.
function capture() {
  const requests: { url: string; method: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    return Promise.resolve(Response.json([{ result: { data: { ok: true } } }]));
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the web tRPC client', () => {
  it('sends the empty app-id and x-app-version-number 512 on a query', async () => {
    const requests = capture();
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc' });
    await trpcClient.faqs.list.query({ faq_type: 'faqs' }).catch(() => undefined);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.headers.get('app-id')).toBe('');
    expect(request?.headers.has('app-id')).toBe(true);
    expect(request?.headers.get('x-app-version-number')).toBe('512');
    // a read carries no XSRF token
    expect(request?.headers.has('x-xsrf-token')).toBe(false);
  });

  it('sends them with the XSRF token on a mutation', async () => {
    const requests = capture();
    vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=abc%3D' });
    await trpcClient.auth.logout.mutate().catch(() => undefined);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('app-id')).toBe('');
    expect(request?.headers.get('x-app-version-number')).toBe('512');
    expect(request?.headers.get('x-xsrf-token')).toBe('abc=');
  });
});
