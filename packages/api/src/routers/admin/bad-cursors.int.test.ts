// docs/security.md, F16: a console list cursor holding an impossible date ("2024-13-45", "1")
// or a malformed id reached PostgreSQL and answered 500 (18 cases over the three lists). A cursor is parsed by
// its zod schema: a bad one is a 400. The bad cursors are made from a real one (its date and id replaced), so
// they are what a client could send by editing a page link.
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedIntroduction } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}/;

/** The cursor with every date, or every id, in it replaced by `bad` (whatever the cursor's JSON shape). */
function spoil(cursor: string, what: 'date' | 'id', bad: string): string {
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') return (what === 'date' ? DATE : UUID).test(value) ? bad : value;
    if (Array.isArray(value)) return value.map(replace);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v)]));
    return value;
  };
  const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  const spoiled = replace(decoded);
  expect(JSON.stringify(spoiled), `the cursor ${JSON.stringify(decoded)} holds a ${what}`).not.toBe(
    JSON.stringify(decoded),
  );
  return Buffer.from(JSON.stringify(spoiled)).toString('base64url');
}

const BAD: { what: 'date' | 'id'; value: string }[] = [
  { what: 'date', value: '2024-13-45' },
  { what: 'date', value: '1' },
  { what: 'id', value: '0123456789abcdef0123456789abcdef0123' },
];

describe('console list cursors (F16)', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let staff: Awaited<ReturnType<ReturnType<typeof createHarness>['as']>>;
  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
    staff = await h.as('consultant');
    // more than a page of members and of pre-matched introductions, so each list hands out a cursor
    for (let i = 0; i < 22; i++) {
      const owner = await h.user({ age: 25 + (i % 10) });
      const contact = await h.user({ age: 30 });
      await seedIntroduction(handle.db, {
        owner_id: owner.id,
        contact_id: contact.id,
        created_by: staff.user.id,
        is_active: true,
        status: 'open',
      });
    }
  });
  afterAll(() => handle.close());

  const lists = {
    search: (input: Record<string, unknown>) => staff.caller.admin.search(input),
    introductions: (input: Record<string, unknown>) => staff.caller.admin.introductions(input),
    prematched: (input: Record<string, unknown>) => staff.caller.admin.prematched(input),
  };

  for (const [list, read] of Object.entries(lists)) {
    it(`${list}: after and before with an impossible date or a malformed id answer 400`, async () => {
      const first = await read({});
      const cursor = first.paginator.nextCursor;
      expect(cursor, 'a next page').toBeTruthy();
      // the real cursor works both ways
      await expect(read({ page: 2, after: cursor })).resolves.toBeTruthy();
      await expect(read({ page: 1, before: cursor })).resolves.toBeTruthy();
      const answers = [];
      for (const direction of ['after', 'before'] as const) {
        for (const bad of BAD) {
          const outcome = await rejection(
            read({ page: 2, [direction]: spoil(cursor!, bad.what, bad.value) }),
          );
          answers.push({ direction, bad: bad.value, code: outcome.code, status: outcome.status });
        }
      }
      expect(answers).toEqual(
        answers.map(({ direction, bad }) => ({ direction, bad, code: 'BAD_REQUEST', status: 400 })),
      );
    });
  }
});
