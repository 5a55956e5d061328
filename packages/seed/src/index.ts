export * from './content';
export * from './demo';
export * from './demo-accounts';
export { totalRows, batchTables, type Batch, type SeedDemoResult } from './demo-batch';
export { demoUserId } from './demo-ids';
export { generateMemberBatch, type Member, type MemberContext } from './demo-members';
export * from './reset';
export * from './introductions';
export { mixSeed, mulberry32, uuidV7From, type Rng } from './random';
export * from './users';
export { seedFriendship } from './social';
export {
  COUNTRY_PROFILES,
  HERITAGES,
  OCCUPATIONS,
  type CountryProfile,
  type Heritage,
  type HeritageKey,
  type NamePool,
} from './people';
export { parseMembers } from './cli-args';
export { seedDemoEvents, seedEvent, type SeedEventOptions } from './events';
