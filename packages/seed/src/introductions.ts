// One introduction at a time, for tests and e2e fixtures: `seedIntroduction(db, { owner_id, ... })`.
import type { DB, Database } from '@rhema/db';
import type { INTRODUCTION_STATUSES } from '@rhema/schemas';
import type { Insertable } from 'kysely';

export type IntroductionStatus = (typeof INTRODUCTION_STATUSES)[number];
export type IntroductionRow = Insertable<DB['introductions']>;

export interface SeedIntroductionOptions extends Omit<IntroductionRow, 'status'> {
  status?: IntroductionStatus;
  /** Introduction requests on it ("I am interested in ..."), message at most 250 characters. */
  requests?: readonly { requester_id: string; message?: string }[];
  /** Suggestion codes: contact references of suggested members. */
  suggestion_codes?: readonly string[];
}

export async function seedIntroduction(
  db: Database,
  options: SeedIntroductionOptions,
): Promise<{ id: string; owner_id: string; contact_id: string | null; status: string }> {
  const { requests, suggestion_codes: codes, ...row } = options;
  return db.transaction().execute(async (trx) => {
    const introduction = await trx
      .insertInto('introductions')
      .values(row)
      .returning(['id', 'owner_id', 'contact_id', 'status'])
      .executeTakeFirstOrThrow();
    if (requests && requests.length > 0) {
      await trx
        .insertInto('introduction_requests')
        .values(
          requests.map((r) => ({
            introduction_id: introduction.id,
            requester_id: r.requester_id,
            message: r.message ?? '',
          })),
        )
        .execute();
    }
    if (codes && codes.length > 0) {
      await trx
        .insertInto('suggestion_codes')
        .values(
          codes.map((code) => ({
            introduction_id: introduction.id,
            code,
            created_by: row.created_by ?? null,
          })),
        )
        .execute();
    }
    return introduction;
  });
}
