// docs/security.md target 21: every api/v1 path of the REST adapter's table gets at least 1,000 generated bad requests
// (fast-check) and must answer each with a status under 500 in the envelope `{ success, message }`, without a stack
// trace or SQL text. The rows come from `restRoutes` and their input keys from the procedures' zod schemas, so a
// new row is fuzzed without editing this file.
import { consumeRateLimit, createPostgresRateLimitStore, createSession, RATE_LIMITS } from '@rhema/auth';
import { seedContent, seedUser } from '@rhema/seed';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  envelopeProblem,
  inputKeys,
  LIMITED_IP,
  pathArb,
  refusedBeforeProcedure,
  requestArb,
} from '../test/fuzz-requests';
import { createTestServer } from '../test/test-server';
import { createExampleContext, sendExample, type TestServer } from '../test/rest-example-context';
import { restExamples, type ExampleContext, type ExampleRequest } from '../test/rest-examples';
import { restRouteKey, restRoutes, type RestRouteKey } from './routes';

/**
 * Bad requests per row: FUZZ_RUNS when given; in CI a fixed budget (FUZZ_BUDGET, default 6,000) shared by the
 * rows, so the run time stays flat as rows are added (at least 100 each); 1,000 per row otherwise.
 */
const RUNS_PER_PATH = process.env.FUZZ_RUNS
  ? Number(process.env.FUZZ_RUNS)
  : process.env.CI
    ? Math.max(100, Math.floor(Number(process.env.FUZZ_BUDGET ?? 6_000) / restRoutes.length))
    : 1_000;
/** Fixed so a failure replays; fast-check prints it and the run's path on failure (FUZZ_SEED=n tries another). */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);

describe('REST fuzzing (docs/security.md target 21)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  const liveTokens: string[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    const user = await seedUser(server.db, { email: 'fuzz-member@example.test', first_name: 'Fuzz' });
    for (let i = 0; i < 3; i++) {
      const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
      liveTokens.push(token);
    }
    // the server's own store (PostgreSQL table) on the same database: every per-IP window full for LIMITED_IP
    const store = createPostgresRateLimitStore(server.db);
    const now = new Date();
    // (the rules keyed by an IP: the members' rules are keyed by a member, and filling them here would cost a
    // thousand writes for nothing)
    for (const rule of Object.values(RATE_LIMITS).filter((r) => r.name.endsWith('-ip'))) {
      for (let i = 0; i < rule.limit; i++) await consumeRateLimit(store, rule, LIMITED_IP, now);
    }
  });
  afterAll(() => server.close());

  it('reads the input keys of the rows and fills path params with odd values', () => {
    expect(inputKeys('auth.register')).toContain('password');
    expect(inputKeys('faqs.list')).toEqual(['faq_type']);
    const paths = fc.sample(pathArb('/things/:id/photos/:n'), { numRuns: 50, seed: SEED });
    expect(paths.every((path) => !path.includes(':id') && !path.includes(':n'))).toBe(true);
    expect(new Set(paths).size).toBeGreaterThan(10);
  });

  for (const route of restRoutes) {
    const name = `${route.method} ${API_PREFIX}${route.url} (${route.procedure})`;
    it(`${name}: ${RUNS_PER_PATH} bad requests, no 5xx, every answer in the envelope`, async () => {
      const statuses = new Map<number, number>();
      let sent = 0;
      let reachedProcedure = 0;
      await fc.assert(
        fc.asyncProperty(requestArb(route, liveTokens), async (request) => {
          const res = await server.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            remoteAddress: request.remoteAddress,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = envelopeProblem(res);
          if (problem) {
            throw new Error(`${problem}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          }
          const { message } = JSON.parse(res.body) as { message?: unknown };
          if (!refusedBeforeProcedure(res.statusCode, message)) reachedProcedure++;
        }),
        // no shrinking: the database keeps state between runs; the failing request is printed whole instead
        { numRuns: RUNS_PER_PATH, seed: SEED, endOnFailure: true },
      );
      const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
      console.info(`${name}: ${sent} requests (seed ${SEED}), statuses ${summary.join(' ')}`);
      expect(sent).toBeGreaterThanOrEqual(RUNS_PER_PATH);
      // the fuzzing reaches the procedures (their validation) rather than stopping at parsers and limits
      expect(reachedProcedure).toBeGreaterThan(sent / 2);
      expect(statuses.get(429) ?? 0).toBeLessThan(sent / 10);
    }, 120_000);
  }
});

// ---- control characters inside valid requests (docs/security.md, F1)

/** The characters PostgreSQL cannot store or a person never types, less the ones a phone field drops as spaces. */
const UNSTORABLE_CHARACTERS = [
  ...Array.from({ length: 9 }, (_, c) => c),
  ...Array.from({ length: 18 }, (_, i) => 0x0e + i),
  0x7f,
].map((c) => String.fromCharCode(c));

interface TextLeaf {
  where: 'body' | 'query' | 'params';
  path: (string | number)[];
  value: string;
}

function textLeaves(value: unknown, where: TextLeaf['where'], path: (string | number)[] = []): TextLeaf[] {
  if (typeof value === 'string') return [{ where, path, value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => textLeaves(item, where, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => textLeaves(v, where, [...path, k]));
  }
  return [];
}

function withLeaf(request: ExampleRequest, leaf: TextLeaf, text: string): ExampleRequest {
  const copy = structuredClone(request) as ExampleRequest & Record<string, unknown>;
  let node = copy[leaf.where] as Record<string | number, unknown>;
  for (const step of leaf.path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[leaf.path.at(-1)!] = text;
  return copy;
}

describe('control characters inside otherwise valid requests (F1)', () => {
  let server: TestServer;
  let context: ExampleContext;
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
    context = createExampleContext(server, { prefix: 'fuzz-text' });
  });
  afterAll(() => server.close());

  for (const route of restRoutes) {
    const key = restRouteKey(route);
    it(`${key}: a control character in any text field is a 400 naming the field`, async () => {
      const request = await restExamples[key as RestRouteKey](context);
      const leaves = [
        ...textLeaves(request.body, 'body'),
        ...textLeaves(request.query, 'query'),
        ...textLeaves(request.params, 'params'),
      ];
      if (leaves.length === 0) return; // nothing typed in this row's request (e.g. logout)
      await fc.assert(
        fc.asyncProperty(
          fc.nat(leaves.length - 1),
          fc.nat(),
          fc.array(fc.constantFrom(...UNSTORABLE_CHARACTERS), { minLength: 1, maxLength: 3 }),
          async (index, at, characters) => {
            const leaf = leaves[index]!;
            const cut = at % (leaf.value.length + 1);
            const text = leaf.value.slice(0, cut) + characters.join('') + leaf.value.slice(cut);
            const answer = await sendExample(server, route, withLeaf(request, leaf, text));
            const field = [...leaf.path].reverse().find((step) => typeof step === 'string')!;
            expect({ key, field, status: answer.status, success: answer.body.success }).toEqual({
              key,
              field,
              status: 400,
              success: false,
            });
            // path params may reach the procedure under another name (routes.ts `input`): a field is named
            const named = leaf.where === 'params' ? /^[\w.]+: / : new RegExp(`(^|\\.)${field}(\\.\\d+)?: `);
            expect(String(answer.body.message)).toMatch(named);
          },
        ),
        { numRuns: Math.max(10, leaves.length * 3), seed: SEED, endOnFailure: true },
      );
    }, 60_000);
  }
});
