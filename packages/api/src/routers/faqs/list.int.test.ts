import { createTestDb } from '@rhema/db/testing';
import type { DbHandle } from '@rhema/db';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../../context';
import { createCaller } from '../../root';

describe('faqs.list', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
    await handle.db
      .insertInto('faqs')
      .values([
        { faq_type: 'faqs', title: 'Q1', post: 'A1', position: 1 },
        { faq_type: 'points', title: 'P1', post: 'Point one', position: 1 },
      ])
      .execute();
  });
  afterAll(() => handle.close());

  it('lists the FAQs of one type for anyone', async () => {
    const caller = createCaller(createContextInner({ db: handle.db }));
    expect(await caller.faqs.list({ faq_type: 'faqs' })).toEqual([
      { _id: expect.any(String), title: 'Q1', post: 'A1' },
    ]);
    expect(await caller.faqs.list({ faq_type: 'points' })).toHaveLength(1);
  });

  it('refuses an unknown type as bad input', async () => {
    const caller = createCaller(createContextInner({ db: handle.db }));
    const error = await caller.faqs.list({ faq_type: 'other' as 'faqs' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
  });
});
