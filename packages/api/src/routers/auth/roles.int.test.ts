import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import type { Role } from '@rhema/schemas';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../../context';
import { appRouter } from '../../root';
import type { ProcedureMeta } from '../../trpc';
import {
  adminProcedure,
  authenticatedProcedure,
  createCallerFactory,
  router,
  staffProcedure,
} from '../../trpc';
import { createHarness, rejection } from '../../test/harness';

// docs/security.md target 6: every admin21 procedure refuses anonymous callers (401) and members (403). The builders are
// checked on a probe router, and every procedure of the real router under an admin namespace is checked too; what
// only an admin may do (F35) refuses consultants too.
const probe = router({
  staffOnly: staffProcedure.input(z.object({ id: z.string() })).query(() => 'staff ok'),
  adminOnly: adminProcedure.input(z.object({ id: z.string() })).mutation(() => 'admin ok'),
  signedIn: authenticatedProcedure.query(() => 'member ok'),
});
const createProbeCaller = createCallerFactory(probe);

function isAdminPath(path: string) {
  return /^admin/i.test(path) || path.includes('.admin');
}

describe('route x role matrix', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  const ctxFor = (role: Role | null) =>
    createContextInner({
      db: handle.db,
      user: role ? { id: '00000000-0000-4000-8000-000000000001', role, first_name: 'Test' } : null,
      session: role ? { id: 'probe-session', via: 'bearer' } : null,
    });
  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  const matrix: [Role | null, { staff: string; admin: string; signedIn: string }][] = [
    [null, { staff: 'UNAUTHORIZED', admin: 'UNAUTHORIZED', signedIn: 'UNAUTHORIZED' }],
    ['member', { staff: 'FORBIDDEN', admin: 'FORBIDDEN', signedIn: 'ok' }],
    ['consultant', { staff: 'ok', admin: 'FORBIDDEN', signedIn: 'ok' }],
    ['admin', { staff: 'ok', admin: 'ok', signedIn: 'ok' }],
  ];
  for (const [role, expected] of matrix) {
    it(`the builders answer ${role ?? 'anonymous'} as expected (before reading any input)`, async () => {
      const caller = createProbeCaller(ctxFor(role));
      const outcome = async (promise: Promise<unknown>) => {
        try {
          await promise;
          return 'ok';
        } catch (error) {
          const code = (await rejection(Promise.reject(error))).code;
          // bad input only matters once the role passed
          return code === 'BAD_REQUEST' ? 'ok' : code;
        }
      };
      expect(await outcome(caller.staffOnly({ id: 'x' }))).toBe(expected.staff);
      expect(await outcome(caller.adminOnly({ id: 'x' }))).toBe(expected.admin);
      expect(await outcome(caller.signedIn())).toBe(expected.signedIn);
      // unauthorised callers never reach input validation (no information from validation errors)
      if (expected.staff !== 'ok') {
        expect(await outcome(caller.staffOnly({} as never))).toBe(expected.staff);
      }
    });
  }

  it('every admin procedure of the app router refuses anonymous (401) and members (403)', async () => {
    const paths = Object.keys(appRouter._def.procedures).filter(isAdminPath);
    for (const path of paths) {
      for (const [role, code, status] of [
        [null, 'UNAUTHORIZED', 401],
        ['member', 'FORBIDDEN', 403],
      ] as const) {
        const caller = appRouter.createCaller(ctxFor(role)) as unknown as Record<string, unknown>;
        const fn = path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
          input: unknown,
        ) => Promise<unknown>;
        const error = await rejection(fn({}));
        expect({ path, role, code: error.code, status: error.status }).toEqual({ path, role, code, status });
      }
    }
  });

  it('every procedure carries the access of its builder (what the OpenAPI document reads), and its guard agrees', async () => {
    const accessOf = (procedure: unknown) =>
      (procedure as { _def: { meta?: ProcedureMeta } })._def.meta?.access;
    expect(Object.values(probe._def.procedures).map(accessOf)).toEqual(['staff', 'admin', 'signed-in']);
    for (const [path, procedure] of Object.entries(appRouter._def.procedures)) {
      const access = accessOf(procedure);
      expect({ path, access }).toEqual({
        path,
        access: expect.stringMatching(/^(public|signed-in|staff|admin)$/),
      });
      if (access === 'public') continue;
      const refusals: [Role | null, number][] = [[null, 401]];
      if (access !== 'signed-in') refusals.push(['member', 403]);
      if (access === 'admin') refusals.push(['consultant', 403]);
      for (const [role, status] of refusals) {
        const caller = appRouter.createCaller(ctxFor(role)) as unknown as Record<string, unknown>;
        const fn = path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
          input: unknown,
        ) => Promise<unknown>;
        expect({ path, role, status: (await rejection(fn({}))).status }).toEqual({ path, role, status });
      }
    }
  });

  it('what only an admin may do (docs/security.md): the audit log; consultants get 403, admins read it', async () => {
    const accessOf = (procedure: unknown) =>
      (procedure as { _def: { meta?: ProcedureMeta } })._def.meta?.access;
    const adminOnly = Object.entries(appRouter._def.procedures)
      .filter(([, procedure]) => accessOf(procedure) === 'admin')
      .map(([path]) => path);
    expect(adminOnly).toEqual(['admin.auditLog']);

    const member = await h.as('member', { email: 'matrix-audited@example.test' });
    await member.caller.safety.block({
      user_id: (await h.user({ email: 'matrix-blocked@example.test' })).id,
    });
    const consultant = await h.as('consultant', { email: 'matrix-audit-consultant@example.test' });
    expect(await rejection(consultant.caller.admin.auditLog({}))).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    const admin = await h.as('admin', { email: 'matrix-audit-admin@example.test' });
    const page = await admin.caller.admin.auditLog({ action: 'member.blocked' });
    expect(page.data[0]).toMatchObject({
      action: 'member.blocked',
      actor: { _id: member.user.id, role: 'member' },
      target_type: 'user',
    });
    expect(page.paginator.currentPage).toBe(1);
  });

  it('a real member session is refused by staff procedures with 403, a consultant session passes', async () => {
    const member = await h.signedIn({ email: 'matrix-member@example.test' });
    const consultant = await h.signedIn({ email: 'matrix-consultant@example.test', role: 'consultant' });
    const { validateSessionToken } = await import('@rhema/auth');
    for (const [token, expected] of [
      [member.token, 'FORBIDDEN'],
      [consultant.token, 'ok'],
    ] as const) {
      const result = (await validateSessionToken(handle.db, token, h.clock.now))!;
      const caller = createProbeCaller(
        createContextInner({
          db: handle.db,
          user: { id: result.user.id, role: result.user.role, first_name: result.user.first_name },
          session: { id: result.session.id, via: 'bearer' },
        }),
      );
      const got = await caller.staffOnly({ id: '1' }).then(
        () => 'ok',
        async (error: unknown) => (await rejection(Promise.reject(error))).code,
      );
      expect(got).toBe(expected);
    }
  });
});
