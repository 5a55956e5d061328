export { createDb, pingDb, type CreateDbOptions, type Database, type DbHandle } from './create-db';
export { DatabaseBusyError, PGLITE_MAX_WAITING, type PoolStats } from './bounded-dialect';
export { migrateToLatest, pendingMigrations } from './migrate';
export { MESSAGES_CHANNEL, type ChannelHandlers, type NotificationListener } from './notifications';
export type { DB } from './schema.gen';
export * as faqQueries from './queries/faqs';
export * as userQueries from './queries/users';
export * as eraseQueries from './queries/erase';
export * as sessionQueries from './queries/sessions';
export * as passwordResetQueries from './queries/password-resets';
export * as rateLimitQueries from './queries/rate-limits';
export * as jobQueries from './queries/jobs';
export * as pendingRegistrationQueries from './queries/pending-registrations';
export * as matchQueries from './queries/match';
export * as trainingQueries from './queries/training';
export * as profileQueries from './queries/profiles';
export * as profileEditQueries from './queries/profile-edit';
export * as consentQueries from './queries/consents';
export * as photoQueries from './queries/photos';
export * as adminSearchQueries from './queries/admin-search';
export * as adminIntroductionQueries from './queries/admin-introductions';
export * as introductionQueries from './queries/introductions';
export * as subscriptionQueries from './queries/subscriptions';
export * as auditQueries from './queries/audit';
export * as communityQueries from './queries/communities';
export * as memberQueries from './queries/members';
export * as callQueries from './queries/calls';
export * as friendQueries from './queries/friends';
export * as matchRequestQueries from './queries/match-requests';
export * as consoleQueries from './queries/console';
export * as safetyQueries from './queries/safety';
export * as messageQueries from './queries/messages';
export * as dataExportQueries from './queries/data-export';
export * as verificationQueries from './queries/verification';
export * as onboardingQueries from './queries/onboarding';
export * as eventQueries from './queries/events';
export * as notificationQueries from './queries/notification-store';
export type { PagePosition } from './queries/keyset';
export {
  backupPglite,
  backupPostgres,
  hasTables,
  restorePglite,
  restorePostgres,
  tableDigests,
} from './backup';
