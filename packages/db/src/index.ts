export { createDb, pingDb, type CreateDbOptions, type Database, type DbHandle } from './create-db';
export { migrateToLatest } from './migrate';
export type { DB } from './schema.gen';
export * as faqQueries from './queries/faqs';
