// Bad requests for the REST fuzzing (rest/fuzz.int.test.ts): generators of URLs, headers and bodies from a row of the
// REST table and its procedure's input keys, and the checks every answer must pass.
import fc from 'fast-check';
import { z } from 'zod';
import { CSRF_REFUSED_MESSAGE } from '../plugins/session';
import { procedureSchemas } from '../rest/openapi';
import type { RestRoute } from '../rest/route-shape';

export const API_PREFIX = '/api/v1';
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

// What an answer must never carry: stack frames ("at fn (file.ts:1:2)", node_modules, node:internal) and SQL or
// PostgreSQL's error texts (Kysely writes lowercase SQL with quoted identifiers).
const STACK_TRACE =
  /(^|\n)\s*at\s+\S+.*:\d+:\d+|\bat\s+\S+\s+\([^)]*:\d+:\d+\)|node_modules|node:internal|\.(?:[cm]?[jt]s):\d+:\d+/;
const SQL_TEXT =
  /\bselect\b[\s\S]*\bfrom\s+"|\binsert\s+into\s+"|\bupdate\s+"\w+"\s+set\b|\bdelete\s+from\s+"|\$\d+\b|syntax error at or near|relation "|column "|violates \S+ constraint|duplicate key value|invalid input syntax for|invalid byte sequence|SQLSTATE|\bpg_\w+|kysely/i;

/** The top-level keys of a procedure's input (as the OpenAPI document reads them), for near-miss inputs. */
export function inputKeys(procedure: string): string[] {
  const input = procedureSchemas(procedure)?.inputs?.[0];
  if (!(input instanceof z.ZodType)) return [];
  const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    anyOf?: { properties?: Record<string, unknown> }[];
  };
  const branches = [schema, ...(schema.anyOf ?? [])];
  return [...new Set(branches.flatMap((branch) => Object.keys(branch.properties ?? {})))];
}

// ---- JSON built by hand: duplicate keys and `__proto__` as a plain key survive, which object literals would not

type JsonNode =
  | { t: 'leaf'; v: unknown }
  | { t: 'raw'; text: string }
  | { t: 'arr'; items: JsonNode[] }
  | { t: 'obj'; entries: [string, JsonNode][] };

function toJson(node: JsonNode): string {
  switch (node.t) {
    case 'leaf':
      return JSON.stringify(node.v) ?? 'null';
    case 'raw':
      return node.text;
    case 'arr':
      return `[${node.items.map(toJson).join(',')}]`;
    case 'obj':
      return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\uFEFF',
  '\u200B',
  'Ω≈ç√∫',
  '𝕏𝕐ℤ',
  '👩‍👩‍👧‍👦',
  'null',
  'undefined',
  'NaN',
  'true',
  '[]',
  '{}',
  "' OR '1'='1",
  '1; drop table users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%s%s%n',
  '${7*7}',
  '{{7*7}}',
  '\\',
  '"',
];
// shaped like real values, so some inputs get past a field or two (never all of register's: argon2 is slow)
const PLAUSIBLE_STRINGS = [
  'a@b.co',
  'fuzz@example.com',
  'ADMIN@EXAMPLE.COM ',
  'not-an-email',
  '123456',
  '000000',
  '12345',
  'faqs',
  'points',
  'FK3M7Q',
  'male',
  'female',
  'GB',
  'se',
  '+447700900123',
  '1990-01-01',
  '2024-02-30',
  'password123',
  'correct horse battery staple',
];
const NUMERIC_TEXT = ['0', '-0', '1e309', '-1e309', '12345678901234567890123', '0.1e-400', '1E2', '-1'];
const HUGE_STRINGS = ['x'.repeat(300), 'é'.repeat(70_000), '\u0000'.repeat(10_000), '9'.repeat(5_000)];

const controlString = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
});

const stringArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string(), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: controlString, weight: 1 },
  { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 3 },
  { arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS), weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
);
/** Mostly small strings; a few huge ones (kept rare: they cost more to send than the small ones together). */
const stringOrHugeArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: stringArb, weight: 40 },
  { arbitrary: fc.constantFrom(...HUGE_STRINGS), weight: 1 },
);

const leafArb: fc.Arbitrary<JsonNode> = fc.oneof(
  { arbitrary: stringOrHugeArb.map((v): JsonNode => ({ t: 'leaf', v })), weight: 6 },
  { arbitrary: fc.integer().map((v): JsonNode => ({ t: 'leaf', v })), weight: 1 },
  { arbitrary: fc.double().map((v): JsonNode => ({ t: 'leaf', v })), weight: 1 },
  { arbitrary: fc.constantFrom(...NUMERIC_TEXT).map((text): JsonNode => ({ t: 'raw', text })), weight: 1 },
  { arbitrary: fc.constantFrom(true, false, null).map((v): JsonNode => ({ t: 'leaf', v })), weight: 1 },
);

function keyArb(knownKeys: string[]): fc.Arbitrary<string> {
  const variants = knownKeys.flatMap((k) => [k.toUpperCase(), ` ${k}`, `${k}[]`, `${k}.x`]);
  return fc.oneof(
    ...(knownKeys.length ? [{ arbitrary: fc.constantFrom(...knownKeys), weight: 3 }] : []),
    ...(variants.length ? [{ arbitrary: fc.constantFrom(...variants), weight: 1 }] : []),
    { arbitrary: fc.constantFrom(...PROTO_KEYS), weight: 2 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
    { arbitrary: fc.constantFrom('role', 'status', 'is_premium', 'id', '_id', 'user_id', ''), weight: 1 },
  );
}

function valueArb(knownKeys: string[]): fc.Arbitrary<JsonNode> {
  const keys = keyArb(knownKeys);
  return fc.letrec<{ node: JsonNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      { arbitrary: leafArb, weight: 8 },
      {
        arbitrary: fc.array(tie('node'), { maxLength: 4 }).map((items): JsonNode => ({ t: 'arr', items })),
        weight: 1,
      },
      {
        arbitrary: fc
          .array(fc.tuple(keys, tie('node')), { maxLength: 4 })
          .map((entries): JsonNode => ({ t: 'obj', entries })),
        weight: 1,
      },
    ),
  })).node;
}

/** The procedure's own keys with wrong or odd values, some missing, some doubled, plus extra and prototype keys. */
function nearMissEntries(knownKeys: string[]): fc.Arbitrary<[string, JsonNode][]> {
  const value = valueArb(knownKeys);
  return fc
    .tuple(
      fc.tuple(
        ...knownKeys.map((k) =>
          fc.option(
            value.map((v): [string, JsonNode] => [k, v]),
            { freq: 4 },
          ),
        ),
      ),
      fc.array(fc.tuple(keyArb(knownKeys), value), { maxLength: 3 }),
    )
    .map(([known, extra]) => [...known.filter((e): e is [string, JsonNode] => e !== null), ...extra]);
}

// ---- bodies

const BODY_LIMIT_PLUS = `{"a":"${'a'.repeat(1024 * 1024 + 10)}"}`;
const DEEP_ARRAY = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  '{"a":1}{"b":2}',
  '{"a":NaN}',
  '{"a":undefined}',
  '{"a":1 /* comment */}',
  '\uFEFF{"a":1}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":{"__proto__":{"x":1}}}',
  '"\\ud800"',
  '\u0000',
  'null',
  '',
  ' ',
  DEEP_ARRAY,
  DEEP_OBJECT,
  BODY_LIMIT_PLUS,
];

type Body = { payload: string | Buffer } | null;

function bodyArb(knownKeys: string[]): fc.Arbitrary<Body> {
  const near = nearMissEntries(knownKeys);
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: 2 },
    {
      arbitrary: near.map((entries): Body => ({ payload: toJson({ t: 'obj', entries }) })),
      weight: 8,
    },
    // truncated or spliced near-misses: JSON that breaks somewhere inside
    {
      arbitrary: fc.tuple(near, fc.nat(), stringArb).map(([entries, cut, junk]): Body => {
        const text = toJson({ t: 'obj', entries });
        const at = cut % (text.length + 1);
        return { payload: text.slice(0, at) + junk };
      }),
      weight: 2,
    },
    { arbitrary: valueArb(knownKeys).map((node): Body => ({ payload: toJson(node) })), weight: 2 },
    { arbitrary: fc.constantFrom(...MALFORMED_JSON).map((payload): Body => ({ payload })), weight: 2 },
    { arbitrary: stringArb.map((payload): Body => ({ payload })), weight: 1 },
    {
      arbitrary: fc.uint8Array({ maxLength: 256 }).map((bytes): Body => ({ payload: Buffer.from(bytes) })),
      weight: 1,
    },
  );
}

// ---- headers (values as a socket could carry them: visible ASCII, tabs and latin-1)

const headerText = (maxLength = 40) =>
  fc.string({
    unit: fc
      .oneof(
        { arbitrary: fc.integer({ min: 0x20, max: 0x7e }), weight: 9 },
        { arbitrary: fc.constantFrom(0x09, 0x80, 0xa0, 0xe9, 0xff), weight: 1 },
      )
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;',
  'application/json, text/plain',
  'application/vnd.api+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  '*/*',
  '',
  ';',
];
const contentTypeArb = fc.oneof(
  // mostly JSON, so most bodies reach the procedure's validation; the rest test the parsers' refusals
  { arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8'), weight: 12 },
  { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 4 },
  { arbitrary: headerText(), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

const base32 = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz234567'), minLength: min, maxLength: max });

function bearerArb(liveTokens: string[]): fc.Arbitrary<string | undefined> {
  // shaped like a real token (id.secret in base32) so it reaches the session lookup, but unknown
  const tokenShaped = fc.tuple(base32(16, 64), base32(32, 128)).map(([id, secret]) => `${id}.${secret}`);
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 10 },
    { arbitrary: tokenShaped.map((t) => `Bearer ${t}`), weight: 1 },
    { arbitrary: headerText(200).map((t) => `Bearer ${t}`), weight: 2 },
    { arbitrary: fc.constantFrom(...liveTokens).map((t) => `Bearer ${t}`), weight: 1 },
    { arbitrary: fc.constantFrom(...liveTokens).map((t) => `Bearer ${t}x`), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'bearer abc',
        'Bearer a b',
        'Bearer ..',
        'Bearer .',
        'Basic dXNlcjpwYXNz',
        'Token abc',
        `Bearer ${'a'.repeat(16)}.${'b'.repeat(10_000)}`,
        `Bearer ${'x'.repeat(20_000)}`,
      ),
      weight: 2,
    },
    { arbitrary: headerText(), weight: 1 },
  );
}

function extraHeadersArb(liveTokens: string[]): fc.Arbitrary<Record<string, string>> {
  const cookie = fc.oneof(
    fc.constantFrom(...liveTokens).map((t) => `rhema_session=${t}`),
    base32(16, 64).map((t) => `rhema_session=${t}.${t}`),
    headerText().map((t) => `rhema_session=${t}; XSRF-TOKEN=${t}`),
    headerText(),
  );
  return fc
    .record(
      {
        cookie,
        'x-xsrf-token': headerText(),
        origin: fc.oneof(
          fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000'),
          headerText(),
        ),
        'sec-fetch-site': fc.constantFrom('cross-site', 'same-origin', 'none', '?'),
        accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'application/json;q=0', ''),
        'user-agent': fc.oneof(headerText(), fc.constant('u'.repeat(5_000))),
        'x-forwarded-for': fc.oneof(fc.ipV4(), headerText()),
        'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'bogus'),
        'content-length': fc.constantFrom('0', '1', '-1', '99999999', 'abc', '1, 2'),
        'transfer-encoding': fc.constantFrom('chunked', 'gzip', 'bogus'),
        host: fc.oneof(fc.constantFrom('', 'evil.example', 'localhost:99999', '[::1]'), headerText()),
        'accept-version': fc.constantFrom('1.0.0', '*', 'x'),
      },
      { requiredKeys: [] },
    )
    .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)));
}

// ---- URLs: path params and query strings

/** Percent-encodes what a request line cannot carry raw, but leaves '%' alone: malformed escapes stay malformed. */
function urlSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code > 0x20 && code < 0x7f && ch !== '#' && ch !== '?' && ch !== '/') out += ch;
    else out += [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
  return out;
}

const ODD_QUERY_PARTS = [
  '&&&',
  '=',
  '==',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '+',
  ';',
  '?',
  '[]=1',
  'a[b][c]=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  `a=${'x'.repeat(20_000)}`,
];

function queryArb(knownKeys: string[]): fc.Arbitrary<string> {
  const component = fc.oneof(
    stringArb.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
    stringArb.map(urlSafe),
  );
  const pair = fc.oneof(
    {
      arbitrary: fc.tuple(keyArb(knownKeys).map(urlSafe), component).map(([k, v]) => `${k}=${v}`),
      weight: 6,
    },
    { arbitrary: keyArb(knownKeys).map(urlSafe), weight: 1 },
    { arbitrary: fc.constantFrom(...ODD_QUERY_PARTS), weight: 2 },
  );
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: 1 },
    { arbitrary: fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&')), weight: 8 },
  );
}

const PARAM_VALUES = [
  '',
  '.',
  '..',
  '%',
  '%zz',
  '%2F',
  '%00',
  '%E0%A4%A',
  '-1',
  '0',
  'null',
  'x'.repeat(2_000),
];

export function pathArb(url: string): fc.Arbitrary<string> {
  const params = url.match(/:\w+/g) ?? [];
  if (params.length === 0) return fc.constant(url);
  const value = fc.oneof(
    fc.constantFrom(...PARAM_VALUES),
    stringArb.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
    stringArb.map(urlSafe),
  );
  return fc
    .tuple(...params.map(() => value))
    .map((values) => values.reduce((path, v, i) => path.replace(params[i]!, v), url));
}

// ---- one request

/** Rate limits are full for this address before fuzzing starts, so their 429 answers are fuzzed too. */
export const LIMITED_IP = '203.0.113.21';

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? request.payload.slice(0, 300)
        : `<${request.payload.length} bytes>`;
  const headers = JSON.stringify(request.headers).slice(0, 300);
  return `${request.method} ${request.url.slice(0, 300)} from ${request.remoteAddress} headers=${headers} body=${JSON.stringify(payload)}`;
}

export function requestArb(route: RestRoute, liveTokens: string[]): fc.Arbitrary<FuzzRequest> {
  const knownKeys = inputKeys(route.procedure);
  return fc
    .record({
      // mostly the row's own method; now and then another (answered by the not-found handler)
      method: fc.oneof(
        { arbitrary: fc.constant<string>(route.method), weight: 19 },
        { arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1 },
      ),
      path: pathArb(route.url),
      query: queryArb(knownKeys),
      body: bodyArb(knownKeys),
      contentType: contentTypeArb,
      authorization: bearerArb(liveTokens),
      extra: fc.oneof(
        { arbitrary: fc.constant({}), weight: 5 },
        { arbitrary: extraHeadersArb(liveTokens), weight: 1 },
      ),
      // app.inject's remoteAddress is the client address (the test server trusts no proxy): a new one most of the
      // time, so a rate limit does not answer in place of the procedure
      remoteAddress: fc.oneof(
        { arbitrary: fc.ipV4(), weight: 8 },
        { arbitrary: fc.ipV6(), weight: 1 },
        { arbitrary: fc.constant(LIMITED_IP), weight: 1 },
      ),
    })
    .map(({ method, path, query, body, contentType, authorization, extra, remoteAddress }) => {
      const headers: Record<string, string> = { ...extra };
      if (contentType !== undefined && (body || contentType)) headers['content-type'] = contentType;
      if (authorization !== undefined) headers.authorization = authorization;
      const request: FuzzRequest = {
        method,
        url: `${API_PREFIX}${path}${query ? `?${query}` : ''}`,
        headers,
        ...(body ? { payload: body.payload } : {}),
        remoteAddress,
      };
      // fast-check prints a counterexample with this (a megabyte body would drown the report)
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

/** What is wrong with an answer, or null: status under 500, JSON, `success` a boolean, a clean message on errors. */
export function envelopeProblem(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): string | null {
  if (res.statusCode >= 500) return 'a 5xx answer';
  if (!/^application\/json/.test(String(res.headers['content-type']))) return 'not application/json';
  let body: { success?: unknown; message?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return 'a body that is not JSON';
  }
  if (!body || typeof body !== 'object') return 'a body that is not an object';
  if (typeof body.success !== 'boolean') return 'no boolean success';
  if (body.success !== res.statusCode < 400) return 'success disagrees with the status';
  if (STACK_TRACE.test(res.body)) return 'a stack trace';
  if (body.success) return null;
  if (typeof body.message !== 'string' || body.message.trim().length === 0)
    return 'an error without a message';
  if (SQL_TEXT.test(body.message)) return 'SQL text in the message';
  return null;
}

/** Answers given before the row's procedure ran: body parser refusals, CSRF, wrong method, rate limits. */
export function refusedBeforeProcedure(status: number, message: unknown): boolean {
  return (
    status === 413 ||
    status === 415 ||
    status === 429 ||
    message === CSRF_REFUSED_MESSAGE ||
    (typeof message === 'string' && message.startsWith('No such API path'))
  );
}
