// A reader of tRPC's server-sent events for tests (what the browser's EventSource does, minus reconnecting): one
// GET on a listening server, the events parsed as they arrive.

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** the next event that is not a ping, or an error after `timeoutMs` */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** the next `data` event's parsed payload (tRPC's `{ data }` envelope unwrapped) */
  nextData<T = unknown>(timeoutMs?: number): Promise<T>;
  /** nothing but pings for `ms` */
  expectQuiet(ms: number): Promise<void>;
  /** the stream ended (the server closed it) */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const queue: SseEvent[] = [];
  let wake = null as (() => void) | null;
  let done = false;
  let resolveEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue;
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'data') data.push(value);
            else if (field === 'id') event.id = value;
          }
          event.data = data.join('\n');
          if (event.event !== 'ping') queue.push(event);
          wake?.();
        }
      }
    } catch {
      // closed by us
    } finally {
      done = true;
      wake?.();
      resolveEnded();
    }
  })();

  async function next(timeoutMs = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0) {
      if (done) throw new Error('the event stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    return queue.shift()!;
  }

  return {
    status: res.status,
    headers: res.headers,
    next,
    async nextData<T>(timeoutMs?: number) {
      const event = await next(timeoutMs);
      if (event.event !== 'message') throw new Error(`expected data, got ${event.event}: ${event.data}`);
      return (JSON.parse(event.data) as { data?: T } & T).data ?? (JSON.parse(event.data) as T);
    },
    async expectQuiet(ms: number) {
      await new Promise((r) => setTimeout(r, ms));
      if (queue.length) throw new Error(`expected no event, got ${JSON.stringify(queue[0])}`);
    },
    ended,
    close() {
      abort.abort();
    },
  };
}
