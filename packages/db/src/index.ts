export { createDb, pingDb, type CreateDbOptions, type Database, type DbHandle } from './create-db';
export { migrateToLatest } from './migrate';
export type { DB } from './schema.gen';
export * as faqQueries from './queries/faqs';
export * as ipLimitQueries from './queries/ip-limits';
export * as matchQueries from './queries/match';
export * as trainingQueries from './queries/training';
