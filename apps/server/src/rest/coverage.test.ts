// The mobile apps reach the service only through api/v1: every procedure a member or a visitor may call (made with
// publicProcedure or authenticatedProcedure, whose builders set `meta.access`, packages/api/src/trpc.ts) has a row
// of the REST table or is the live stream's procedure, unless it is listed below with the reason. Staff-only
// procedures (the console) may stay on the web.
import { appRouter, type ProcedureAccess } from '@rhema/api';
import { describe, expect, it } from 'vitest';
import type { RestRoute } from './route-shape';
import { LIVE_PROCEDURE } from './live';
import { procedureAccess } from './openapi';
import { restRoutes } from './routes';

const MEMBER_FACING: readonly ProcedureAccess[] = ['public', 'signed-in'];

/**
 * Member-facing procedures without a row, each with why. Keep it short: a procedure an app needs gets a row.
 * (None today: messages.live is GET /api/v1/live, counted below as covered.)
 */
const EXCEPTIONS: Record<string, string> = {};

function memberFacingProcedures(): string[] {
  return Object.keys(appRouter._def.procedures)
    .filter((path) => MEMBER_FACING.includes(procedureAccess(path)))
    .sort();
}

/** The member-facing procedures that neither a row, the live stream nor an exception covers. */
function uncovered(routes: readonly RestRoute[]): string[] {
  const covered = new Set<string>([...routes.map((route) => route.procedure), LIVE_PROCEDURE]);
  return memberFacingProcedures().filter((path) => !covered.has(path) && !(path in EXCEPTIONS));
}

describe('api/v1 covers every procedure a member or a visitor can call', () => {
  it('has a row (or the live stream) for each, the exceptions aside', () => {
    expect(uncovered(restRoutes)).toEqual([]);
  });

  it('fails for a procedure whose row is gone (so the check above can fail)', () => {
    expect(uncovered(restRoutes.filter((route) => route.procedure !== 'calls.start'))).toEqual([
      'calls.start',
    ]);
    expect(memberFacingProcedures()).not.toContain('admin.search');
    expect(memberFacingProcedures()).toEqual(expect.arrayContaining(['auth.login', 'messages.send']));
  });

  it('lists only exceptions that are still member-facing procedures without a row', () => {
    const rows = new Set(restRoutes.map((route) => route.procedure));
    for (const [path, reason] of Object.entries(EXCEPTIONS)) {
      expect(memberFacingProcedures(), path).toContain(path);
      expect(rows.has(path as RestRoute['procedure']), `${path} has a row now: drop its exception`).toBe(
        false,
      );
      expect(reason.length, `${path}: say why`).toBeGreaterThan(20);
    }
  });
});
