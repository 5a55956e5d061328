// The demo data set: four demo accounts plus N generated members with profiles and introductions. Deterministic
// (seeded PRNG, ids included) and batched, so `--members 100000` on PostgreSQL takes seconds, not minutes. This
// module runs the steps in order; what each makes is in demo-accounts, demo-members and demo-introductions.
import { seedDemoEvents } from './events';
import { hashPassword } from '@rhema/auth';
import type { Database } from '@rhema/db';
import { sql } from 'kysely';
import { insertWriter, type RowWriter } from './bulk';
import { loadContentIds, seedContent } from './content';
import { DEMO_ACCOUNTS, DEMO_PASSWORD_DEFAULT, MAX_DEMO_MEMBERS, type DemoAccount } from './demo-accounts';
import { countRows, emptyBatch, writeBatch, type SeedDemoResult } from './demo-batch';
import { DEMO_SEED, demoUserId } from './demo-ids';
import {
  addDemoIntroductions,
  addIntroduction,
  writeDemoExtras,
  type Context,
  type DemoExtras,
} from './demo-introductions';
import { addMember, generateMemberBatch, remember, type Member } from './demo-members';
import { MemberWorkers } from './member-workers';
import { mixSeed, mulberry32 } from './random';

const DEFAULT_BATCH = 1_000;

export interface SeedDemoOptions {
  /** Generated members besides the four demo accounts (0..1,000,000). */
  members?: number;
  /** Password of every account, demo and generated. */
  password?: string;
  /** A ready argon2id hash, to skip hashing (tests that seed many times). */
  passwordHash?: string;
  onProgress?: (done: number, total: number) => void;
  /** Members per round of inserts. */
  batchSize?: number;
  /** Batches written at once (on separate pooled connections; PGlite runs them one after the other). */
  concurrency?: number;
  /** How rows are written (bulk.ts): multi-row INSERTs through `db` by default, COPY with `copyWriter`. */
  writer?: RowWriter | undefined;
  /** Worker threads generating members, for a writer that takes binary COPY (copyWriter); 0 generates in this one. */
  workers?: number;
  /** Each step's time as it ends: members, introductions, indexes (put off by the writer), statistics. */
  onPhase?: (phase: 'members' | 'introductions' | 'indexes' | 'statistics', seconds: number) => void;
  /** The instant the data set is built around (member ages, join dates); the current time by default. */
  now?: Date;
}

/** Runs tasks with at most `limit` at once; `add` waits for a free slot, `drain` for all and rethrows a failure. */
function concurrentWriter(limit: number): {
  add: (task: () => Promise<void>) => Promise<void>;
  drain: () => Promise<void>;
} {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const check = () => {
    if (failure) throw failure.error;
  };
  return {
    add: async (task) => {
      check();
      while (running.size >= Math.max(1, limit)) await Promise.race(running);
      check();
      const promise: Promise<void> = task()
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    drain: async () => {
      await Promise.all(running);
      check();
    },
  };
}

/**
 * Seeds the demo data set: content, the four demo accounts (DEMO_ACCOUNTS) and `members` generated members with
 * profiles and introductions in every status. Deterministic: the same `members` gives the same people, refs
 * and ids. Expects the demo accounts not to exist yet (use resetDatabase first).
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const members = options.members ?? 200;
  if (!Number.isInteger(members) || members < 0 || members > MAX_DEMO_MEMBERS) {
    throw new RangeError(`members must be an integer from 0 to ${MAX_DEMO_MEMBERS}, got ${members}`);
  }
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
  const passwordHash =
    options.passwordHash ?? (await hashPassword(options.password ?? DEMO_PASSWORD_DEFAULT));
  const content = await seedContent(db);
  const { questionIds, communityIds } = await loadContentIds(db);
  const total = DEMO_ACCOUNTS.length + members;
  const result: SeedDemoResult = {
    content,
    users: 0,
    members,
    profileAnswers: 0,
    photos: 0,
    citizenships: 0,
    coreValues: 0,
    communityMemberships: 0,
    consents: 0,
    introductions: 0,
    introductionsByStatus: { open: 0, requested: 0, accepted: 0, rejected: 0 },
    introductionRequests: 0,
    suggestionCodes: 0,
  };
  const ctx: Context = {
    now: options.now ?? new Date(),
    passwordHash,
    questionIds,
    communityIds,
    consultantId: demoUserId(1),
    facts: {
      gender: new Uint8Array(total),
      age: new Uint8Array(total),
      firstName: new Array<string>(total),
      occupation: new Array<string>(total),
      city: new Array<string>(total),
      hobby: new Array<string>(total),
      pool: [[], []],
    },
    introductionCount: 0,
    codeCount: 0,
    result,
  };

  // the demo accounts: indices 0..3
  const accounts = emptyBatch();
  const demoMembers = new Map<DemoAccount['key'], Member>();
  for (const account of DEMO_ACCOUNTS) {
    const member = addMember(ctx, accounts, {
      index: account.index,
      rng: mulberry32(mixSeed(DEMO_SEED + 1, account.index)),
      role: account.role,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      gender: account.gender,
      age: account.age,
      country: 'GB',
      heritage: account.heritage,
      state: account.state_of_origin,
      phone: account.phone,
      city: account.city,
      occupation: account.occupation,
      muslim: false,
      specialConsent: account.role === 'member',
      active: true,
    });
    demoMembers.set(account.key, member);
    if (account.role === 'member') remember(ctx.facts, member);
  }
  const rows = options.writer ?? insertWriter(db);
  await writeBatch(rows, accounts, result);
  let done = 0;
  options.onProgress?.(done, members);

  // Members first, written by `concurrency` transactions at once; introductions only once every member is
  // committed, because they point at members of any batch (contacts, requesters, suggestion codes).
  let phaseStarted = performance.now();
  const phase = (name: Parameters<NonNullable<SeedDemoOptions['onPhase']>>[0]) => {
    const now = performance.now();
    options.onPhase?.(name, (now - phaseStarted) / 1000);
    phaseStarted = now;
  };
  const writer = concurrentWriter(options.concurrency ?? 2);
  const owners: Member[] = [];
  const take = (members: readonly Member[], owns: readonly boolean[]) => {
    members.forEach((member, i) => {
      remember(ctx.facts, member);
      if (owns[i]) owners.push(member);
    });
  };
  const batches: [number, number][] = [];
  for (let start = 0; start < members; start += batchSize) {
    batches.push([start, Math.min(members, start + batchSize)]);
  }
  const threads = Math.min(options.workers ?? 0, batches.length);
  const { writeCopy, columnTypes } = rows;
  if (threads > 0 && writeCopy && columnTypes) {
    // generated in worker threads as binary COPY, taken back in order (the facts of later steps depend on it)
    const workers = new MemberWorkers(threads, ctx, columnTypes);
    try {
      const pending: ReturnType<MemberWorkers['run']>[] = [];
      let next = 0;
      const fill = () => {
        while (next < batches.length && pending.length < threads * 2) {
          const [start, end] = batches[next++] as [number, number];
          pending.push(workers.run(start, end));
        }
      };
      fill();
      for (let made = pending.shift(); made; made = pending.shift()) {
        const { tables, members: batchMembers, owners: owns } = await made;
        fill();
        take(batchMembers, owns);
        await writer.add(async () => {
          await writeCopy(tables);
          countRows(result, Object.fromEntries(tables.map(([table, , count]) => [table, count])));
          done += batchMembers.length;
          options.onProgress?.(done, members);
        });
      }
    } finally {
      await workers.close();
    }
  } else {
    for (const [start, end] of batches) {
      const { batch, members: batchMembers, owners: owns } = generateMemberBatch(ctx, start, end);
      take(batchMembers, owns);
      await writer.add(async () => {
        await writeBatch(rows, batch, result);
        done += end - start;
        options.onProgress?.(done, members);
      });
    }
  }
  await writer.drain();
  phase('members');

  const ownersPerBatch = batchSize * 2;
  for (let start = 0; start < owners.length; start += ownersPerBatch) {
    const batch = emptyBatch();
    for (const owner of owners.slice(start, start + ownersPerBatch)) addIntroduction(ctx, batch, owner);
    await writer.add(() => writeBatch(rows, batch, result));
  }
  const member = demoMembers.get('member');
  const member2 = demoMembers.get('member2');
  let extras: DemoExtras | undefined;
  if (member && member2) {
    const batch = emptyBatch();
    extras = addDemoIntroductions(ctx, batch, member, member2);
    await writer.add(() => writeBatch(rows, batch, result));
  }
  await writer.drain();
  phase('introductions');
  await rows.finish();
  phase('indexes');
  // subscriptions and disclosures of the demo flow, once their introductions are in (and indexed)
  if (member && extras) {
    await writeDemoExtras(db, ctx, member, extras);
    await seedDemoEvents(db, { now: ctx.now, staffId: ctx.consultantId });
  }

  // The visibility map of the tables the console reads index-only (docs/decisions/090: counts and deep pages
  // never visit the table), which a bulk load leaves empty until autovacuum comes round, and fresh statistics for
  // every table, so the first searches on a large data set get good plans.
  // Two at a time (a pool has the connections; PGlite takes them in turn): the vacuums of the two large tables
  // first, then the ANALYZE of each other table.
  const others = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name !== 'users' && name !== 'introductions');
  const queue = [
    sql`VACUUM (ANALYZE) users`,
    sql`VACUUM (ANALYZE) introductions`,
    ...others.map((name) => sql`ANALYZE ${sql.table(name)}`),
  ];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next.execute(db);
    }),
  );
  phase('statistics');
  return result;
}
