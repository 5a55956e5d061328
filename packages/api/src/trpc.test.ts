import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Context } from './context';
import { createCallerFactory, publicProcedure, router, syncOutput } from './trpc';

// syncOutput: the output schema run synchronously (zod's compiled object parser) with .output's own guarantees.

const ZAnswer = z.object({ id: z.string(), count: z.number().int() });

const testRouter = router({
  good: publicProcedure.output(syncOutput(ZAnswer)).query(() => ({ id: 'a', count: 2, secret: 'kept out' })),
  bad: publicProcedure.output(syncOutput(ZAnswer)).query(() => ({ id: 'a', count: 'two' }) as never),
});
const caller = createCallerFactory(testRouter)({} as Context);

describe('syncOutput', () => {
  it('answers the parsed output: unknown keys stripped as .output(schema) does', async () => {
    expect(await caller.good()).toEqual({ id: 'a', count: 2 });
  });

  it('refuses an answer that breaks the schema with a 500, not the answer', async () => {
    const error: unknown = await caller.bad().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
    expect((error as TRPCError).message).toMatch(/output validation failed/i);
  });

  it('keeps the schema readable (the OpenAPI document reads it)', () => {
    expect(syncOutput(ZAnswer).schema).toBe(ZAnswer);
  });
});
