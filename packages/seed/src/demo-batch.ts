// A batch of generated rows per table, the order they are written in, and the totals the seed reports.
import type { DB } from '@rhema/db';
import type { Insertable } from 'kysely';
import type { RowWriter, TableRows } from './bulk';
import type { SeedContentResult } from './content';
import type { IntroductionStatus } from './introductions';

export interface SeedDemoResult {
  content: SeedContentResult;
  users: number;
  members: number;
  profileAnswers: number;
  photos: number;
  citizenships: number;
  coreValues: number;
  communityMemberships: number;
  consents: number;
  introductions: number;
  introductionsByStatus: Record<IntroductionStatus, number>;
  introductionRequests: number;
  suggestionCodes: number;
}

/** Every row the seed writes, so callers can report rows per second. */
export function totalRows(result: SeedDemoResult): number {
  return (
    result.content.faqs +
    result.content.questions +
    result.content.communities +
    result.users +
    result.profileAnswers +
    result.photos +
    result.citizenships +
    result.coreValues +
    result.communityMemberships +
    result.consents +
    result.introductions +
    result.introductionRequests +
    result.suggestionCodes
  );
}

type Rows<T extends keyof DB> = Insertable<DB[T]>[];

export interface Batch {
  users: Rows<'users'>;
  answers: Rows<'profile_answers'>;
  photos: Rows<'photos'>;
  citizenships: Rows<'user_citizenships'>;
  coreValues: Rows<'user_core_values'>;
  memberships: Rows<'community_memberships'>;
  consents: Rows<'user_consents'>;
  introductions: Rows<'introductions'>;
  requests: Rows<'introduction_requests'>;
  codes: Rows<'suggestion_codes'>;
}

export function emptyBatch(): Batch {
  return {
    users: [],
    answers: [],
    photos: [],
    citizenships: [],
    coreValues: [],
    memberships: [],
    consents: [],
    introductions: [],
    requests: [],
    codes: [],
  };
}

/** A batch's tables in the order they are written (parents first). */
export function batchTables(batch: Batch): TableRows[] {
  return [
    ['users', batch.users],
    ['profile_answers', batch.answers],
    ['photos', batch.photos],
    ['user_citizenships', batch.citizenships],
    ['user_core_values', batch.coreValues],
    ['community_memberships', batch.memberships],
    ['user_consents', batch.consents],
    ['introductions', batch.introductions],
    ['introduction_requests', batch.requests],
    ['suggestion_codes', batch.codes],
  ];
}

/** Adds a written batch's rows to the totals (introductions and their requests are counted as they are made). */
export function countRows(result: SeedDemoResult, counts: Partial<Record<keyof DB, number>>): void {
  result.users += counts.users ?? 0;
  result.profileAnswers += counts.profile_answers ?? 0;
  result.photos += counts.photos ?? 0;
  result.citizenships += counts.user_citizenships ?? 0;
  result.coreValues += counts.user_core_values ?? 0;
  result.communityMemberships += counts.community_memberships ?? 0;
  result.consents += counts.user_consents ?? 0;
  result.suggestionCodes += counts.suggestion_codes ?? 0;
}

export async function writeBatch(writer: RowWriter, batch: Batch, result: SeedDemoResult): Promise<void> {
  const tables = batchTables(batch);
  await writer.write(tables);
  countRows(result, Object.fromEntries(tables.map(([table, rows]) => [table, rows.length])));
}
