// The test harness of every router's integration tests: callers on one database with a movable clock and an
// in-memory mailer; a caller signed in as a seeded member, consultant or admin in one call (`as`); a caller for a
// session token (what the server's session plugin does for a real request); what a failed call tells a client.
import { createPostgresRateLimitStore, createSession, hashPassword, validateSessionToken } from '@rhema/auth';
import { createMemoryMailer } from '@rhema/core';
import type { Database } from '@rhema/db';
import type { Role } from '@rhema/schemas';
import { dateOfBirthForAge, seedUser, type SeedUserOptions } from '@rhema/seed';
import { createContextInner, type ContextSession, type SessionCookies } from '../context';
import { toPublicError } from '../errors';
import { createCaller } from '../root';
import { TRPCError } from '@trpc/server';

export const TEST_PASSWORD = 'correct horse battery staple';
let testHash: Promise<string> | undefined;
/** One argon2id hash for every test user (hashing is slow on purpose). */
export function testPasswordHash(): Promise<string> {
  testHash ??= hashPassword(TEST_PASSWORD);
  return testHash;
}

export function createHarness(db: Database, start = new Date('2026-03-02T09:00:00.000Z')) {
  const clock = { now: new Date(start) };
  const mailer = createMemoryMailer();
  const rateLimitStore = createPostgresRateLimitStore(db);
  const base = { db, mailer, rateLimitStore, now: () => new Date(clock.now) };

  const harness = {
    clock,
    mailer,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    anonymous(options: { ip?: string; sessionCookies?: SessionCookies } = {}) {
      return createCaller(createContextInner({ ...base, ...options }));
    },
    /** a caller signed in with `token` (null user when the token is not valid any more) */
    async withToken(token: string, options: { ip?: string } = {}) {
      const result = await validateSessionToken(db, token, clock.now);
      return createCaller(
        createContextInner({
          ...base,
          ...options,
          user: result
            ? { id: result.user.id, role: result.user.role, first_name: result.user.first_name }
            : null,
          session: result ? { id: result.session.id, via: 'bearer' } : null,
        }),
      );
    },
    /**
     * Seeds a user with `role` (and any seed options) and signs them in at the harness clock (a real session row,
     * no password round trip); `caller` acts as them. `via` is how the request came (a mobile client's Bearer
     * token by default, or the browser's cookie).
     */
    async as(role: Role, options: SeedUserOptions & { ip?: string; via?: ContextSession['via'] } = {}) {
      const { ip, via = 'bearer', ...seed } = options;
      const user = await harness.user({ ...seed, role });
      const created = await createSession(db, { userId: user.id, role, now: clock.now, ip });
      const caller = createCaller(
        createContextInner({
          ...base,
          ...(ip ? { ip } : {}),
          user: { id: user.id, role, first_name: user.first_name },
          session: { id: created.session.id, via },
        }),
      );
      return { user, token: created.token, caller };
    },
    async user(options: SeedUserOptions & { role?: Role } = {}) {
      // an age is counted from the harness clock, as the procedures will count it
      const dateOfBirth =
        options.age !== undefined && !options.date_of_birth
          ? { date_of_birth: dateOfBirthForAge(options.age, 0, clock.now) }
          : {};
      const user = await seedUser(db, {
        password_hash: await testPasswordHash(),
        ...options,
        ...dateOfBirth,
      });
      return user;
    },
    /** seeds a user and signs in through the procedure; returns the user and the token */
    async signedIn(options: SeedUserOptions & { role?: Role } = {}) {
      const user = await harness.user(options);
      const result = await harness.anonymous().auth.login({ email: user.email, password: TEST_PASSWORD });
      return { user, token: result.token! };
    },
  };
  return harness;
}

/** What a client would be told about a failed call: the tRPC code, the public message, the field, Retry-After. */
export async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) {
      const publicError = toPublicError(error);
      return {
        code: error.code,
        status: publicError.status,
        message: publicError.message,
        field: publicError.field,
        retryAfter: publicError.retryAfterSeconds,
        details: publicError.details,
      };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}
