export * from './errors/app-error';
export { listFaqs } from './faqs/list-faqs';
export type { AuthDeps } from './auth/deps';
export { registerMember } from './auth/register-member';
export { signIn, INVALID_CREDENTIALS_MESSAGE } from './auth/sign-in';
export { signOut } from './auth/sign-out';
export { getMe } from './auth/get-me';
export { requestPasswordReset, RESET_SPACING_MESSAGE } from './password/request-password-reset';
export { resetPassword, RESET_INVALID_MESSAGE } from './password/reset-password';
export { changePassword } from './password/change-password';
export { RESET_CODE_TTL_MS, RESET_MAX_ATTEMPTS, resetCodeHash } from './password/reset-code';
export { getMyProfile } from './account/get-my-profile';
export { exportMyData } from './account/export-my-data';
export { terminateAccount } from './account/terminate-account';
export {
  createMailer,
  createMemoryMailer,
  sendInBackground,
  type MailMessage,
  type Mailer,
  type MailerLog,
} from './mail/mailer';
export { passwordChangedEmail, resetCodeEmail } from './mail/templates';
export {
  enforceRateLimit,
  takeRateLimit,
  TOO_MANY_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
} from './rate-limit/enforce';
export { ageOn, getMatchProfile } from './match/get-match-profile';
export { signUpForTraining } from './training/sign-up-for-training';
export { renderAvatarSvg } from './media/avatar';
export { listCommunities, getCommunity, setCommunityMembership } from './social/communities';
export { listMembers, getMember, getFriends } from './social/members';
export {
  getFriendQuota,
  sendFriendRequest,
  answerFriendRequest,
  friendStateWith,
  MEMBER_NOT_FOUND,
} from './social/friends';
export { blockMember, unblockMember, listBlocked, reportMember } from './social/safety';
export { listReports, dismissReport, suspendFromReport, MODERATION_PAGE_SIZE } from './social/moderation';
