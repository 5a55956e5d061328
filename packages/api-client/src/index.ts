import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.gen';

// A typed client of api/v1 for app developers: openapi-fetch over the types openapi-typescript made from the
// OpenAPI document (schema.gen.ts), plus a reader of the live stream (GET /api/v1/live). Paths, parameters,
// bodies and answers are the document's, so a call the document does not allow is a type error.

export type { components, paths } from './schema.gen';
export type RhemaClient = Client<paths>;
/** One event of the live stream (its `type` says which). */
export type LiveEvent = components['schemas']['LiveEvent'];
/** A failed answer: `{ success: false, message }`. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

export interface RhemaClientOptions {
  /** the service's origin, e.g. https://rhema.example (the paths carry /api/v1) */
  baseUrl: string;
  /** the token of POST /api/v1/auth/login, sent as `Authorization: Bearer`; read at each call */
  token?: () => string | null | undefined;
  /** another fetch (tests, or a platform's own) */
  fetch?: (request: Request) => Promise<Response>;
  /** sent with every call, e.g. `x-app-version-number` */
  headers?: Record<string, string>;
}

export function createRhemaClient(options: RhemaClientOptions): RhemaClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  client.use({
    onRequest({ request }) {
      const token = options.token?.();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  return client;
}

/** A refusal of the live stream before it opened (401, 429 with `retryAfterSeconds`, 400): the envelope's. */
export class LiveStreamRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = 'LiveStreamRefused';
  }
}

/** What the live stream hands out: an event with its position, or the one error it ends with. */
export type LiveItem =
  { kind: 'event'; id: string | null; event: LiveEvent } | { kind: 'error'; status: number; message: string };

export interface LiveStreamOptions extends Omit<RhemaClientOptions, 'token' | 'headers'> {
  token: string;
  /** the `id` of the last event received, as it came: the messages and call signals sent since come first */
  lastEventId?: string | null;
  signal?: AbortSignal;
}

/** The blocks of an SSE body (`\n\n` apart), comment lines (the heartbeats) dropped. */
async function* sseBlocks(body: ReadableStream<Uint8Array>): AsyncGenerator<Map<string, string>> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const fields = new Map<string, string>();
        for (const line of buffer.slice(0, cut).split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          fields.set(field, fields.has(field) && field === 'data' ? `${fields.get(field)}\n${text}` : text);
        }
        buffer = buffer.slice(cut + 2);
        if (fields.has('data')) yield fields;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Opens GET /api/v1/live and yields its events until it ends (then reconnect with the last `id`). A refusal
 * before the stream opens throws LiveStreamRefused.
 */
export async function* openLiveStream(options: LiveStreamOptions): AsyncGenerator<LiveItem> {
  const request = new Request(`${options.baseUrl}/api/v1/live`, {
    headers: {
      accept: 'text/event-stream',
      authorization: `Bearer ${options.token}`,
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const response = await (options.fetch ?? fetch)(request);
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as Partial<ErrorEnvelope>;
    const retryAfter = response.headers.get('retry-after');
    throw new LiveStreamRefused(
      response.status,
      body.message ?? response.statusText,
      retryAfter ? Number(retryAfter) : null,
    );
  }
  for await (const fields of sseBlocks(response.body)) {
    const data: unknown = JSON.parse(fields.get('data')!);
    if (fields.get('event') === 'error') {
      const failure = data as { status: number; message: string };
      yield { kind: 'error', status: failure.status, message: failure.message };
      return;
    }
    yield { kind: 'event', id: fields.get('id') ?? null, event: data as LiveEvent };
  }
}
