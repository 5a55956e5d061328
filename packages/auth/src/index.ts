export { hashPassword, verifyPassword, ARGON2_OPTIONS } from './password';
export { isCommonPassword } from './common-passwords';
export {
  randomDigits,
  randomReference,
  randomToken,
  sha256Bytes,
  sha256Hex,
  timingSafeEqualString,
} from './crypto';
export {
  createSession,
  invalidateSession,
  invalidateUserSessions,
  parseSessionToken,
  validateSessionToken,
  MEMBER_SESSION_MS,
  MEMBER_SESSION_RENEW_MS,
  STAFF_SESSION_MS,
  type CreatedSession,
  type SessionUser,
  type ValidSession,
} from './sessions';
export { checkXsrf, createAnonymousXsrfToken, XSRF_COOKIE, XSRF_HEADER, type XsrfVerdict } from './xsrf';
export {
  consumeRateLimit,
  createPostgresRateLimitStore,
  createRedisRateLimitStore,
  emailRateLimitKeys,
  memberRateLimitKeys,
  pairSubject,
  emailSubject,
  rateLimitKey,
  releaseRateLimitHit,
  RATE_LIMITS,
  type LimitState,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit';
