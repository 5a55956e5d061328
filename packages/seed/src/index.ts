export * from './content';
export * from './demo';
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
