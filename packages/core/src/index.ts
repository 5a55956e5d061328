export * from './errors/app-error';
export { listFaqs } from './faqs/list-faqs';
export type { UseCaseDeps } from './deps';
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
export { getMatchProfile } from './match/get-match-profile';
export { signUpForTraining } from './training/sign-up-for-training';
export { renderAvatarSvg } from './media/avatar';
export { loadMemberProfile, loadMemberProfiles, toMemberProfiles } from './profiles/member-profiles';
export {
  ANONYMOUS,
  profileFieldRules,
  viewerOf,
  type ProfileFieldRules,
  type ProfileViewer,
} from './profiles/visibility';
export { systemClock, type Clock } from './clock';
export {
  actOnIntroduction,
  INTRODUCTION_NOT_FOUND,
  RELEASED_FIELDS,
} from './introductions/act-on-introduction';
export { getMyIntroduction, listMyIntroductions } from './introductions/read-introductions';
export {
  ALREADY_REQUESTED_MESSAGE,
  requestPublicIntroduction,
} from './introductions/request-public-introduction';
export { listMyContactDisclosures } from './introductions/contact-disclosures';
export { allowedActions, conflictMessage, TRANSITIONS } from './introductions/rules';
export { createPremium } from './subscriptions/create-premium';
export { confirmPremium } from './subscriptions/confirm-premium';
export { getMySubscription, SUBSCRIPTION_NOT_FOUND } from './subscriptions/read-subscription';
export { hasActivePremium } from './subscriptions/premium';
export {
  manualPaymentProvider,
  PAYMENT_PROVIDERS,
  providerFor,
  type PaymentProvider,
} from './subscriptions/payment-provider';
