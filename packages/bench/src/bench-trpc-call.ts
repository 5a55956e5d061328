// `pnpm --filter @rhema/bench bench:trpc-call`: what one tRPC call costs on the server, apart from the procedure's own
// work, and how it grows with each middleware level. Every REST row (apps/server/src/rest/adapter.ts) and every
// /trpc request goes through tRPC's caller: a public procedure is four levels (mapAppErrors, input, output, the
// resolver), a signed-in one five or six. The procedures here do no I/O and answer a list shaped like GET api/v1/faqs'
// (twelve rows), so the figures are tRPC's and zod's alone; bench/results/2026-11-29-trpc-call.md reads them beside
// the request path's benchmark (tests/perf/overhead.ts). Re-run after a tRPC upgrade: the per-level cost is the figure
// to watch (~4 µs since tRPC 11.4.0's build copies each level's options through a transpiled spread helper, 0.13 µs
// with 11.3.1's native spreads: bench/results/2026-11-30-trpc-caller-counterfactual.md).
import { initTRPC } from '@trpc/server';
import { z } from 'zod';

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const BATCHES = 5;

interface Ctx {
  db: unknown;
  user: null;
}
const t = initTRPC.context<Ctx>().create();
const passThrough = t.middleware(({ next }) => next());

const rows = Array.from({ length: 12 }, (_, i) => ({
  _id: String(i),
  title: `Question ${i}`,
  post: 'An answer of about three hundred characters. '.repeat(7),
}));
const Input = z.object({ faq_type: z.enum(['faqs', 'private_match']) });
const Output = z.array(z.object({ _id: z.string(), title: z.string(), post: z.string() }));

const router = t.router({
  resolverOnly: t.procedure.query(() => rows),
  oneMiddleware: t.procedure.use(passThrough).query(() => rows),
  twoMiddlewares: t.procedure
    .use(passThrough)
    .use(passThrough)
    .query(() => rows),
  // the shape of api/v1/faqs' procedure (packages/api/src/routers/faqs/list.ts)
  publicWithSchemas: t.procedure
    .use(passThrough)
    .input(Input)
    .output(Output)
    .query(() => rows),
});
const createCaller = t.createCallerFactory(router);
const ctx: Ctx = { db: null, user: null };
const input = { faq_type: 'faqs' as const };

const cases: [string, () => Promise<unknown>][] = [
  ['the resolver called directly', async () => rows],
  [
    'zod: input and output parsed directly',
    async () => {
      await Input.parseAsync(input);
      return Output.parseAsync(rows);
    },
  ],
  ['caller: resolver only (1 level)', () => createCaller(ctx).resolverOnly()],
  ['caller: 1 middleware (2 levels)', () => createCaller(ctx).oneMiddleware()],
  ['caller: 2 middlewares (3 levels)', () => createCaller(ctx).twoMiddlewares()],
  ['caller: as api/v1/faqs (4 levels, zod)', () => createCaller(ctx).publicWithSchemas(input)],
];

async function microsPerCall(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < CALLS / 5; i++) await fn();
  const batches: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const start = performance.now();
    for (let i = 0; i < CALLS; i++) await fn();
    batches.push(((performance.now() - start) / CALLS) * 1000);
  }
  return batches.sort((a, b) => a - b)[Math.floor(BATCHES / 2)]!;
}

console.log(`tRPC calls on Node ${process.version}: median of ${BATCHES} batches of ${CALLS} calls`);
console.log(`| case | µs per call |\n| --- | ---: |`);
const results = new Map<string, number>();
for (const [name, fn] of cases) {
  const us = await microsPerCall(fn);
  results.set(name, us);
  console.log(`| ${name} | ${us.toFixed(2)} |`);
}
const level =
  (results.get('caller: 2 middlewares (3 levels)')! - results.get('caller: resolver only (1 level)')!) / 2;
console.log(`\nOne middleware level: ${level.toFixed(2)} µs`);
