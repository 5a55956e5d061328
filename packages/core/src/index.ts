export * from './errors/app-error';
export { listFaqs } from './faqs/list-faqs';
export type { UseCaseDeps } from './deps';
export {
  confirmRegistration,
  startRegistration,
  REGISTRATION_CODE_INVALID_MESSAGE,
  REGISTRATION_STARTED_MESSAGE,
} from './auth/register-member';
export {
  createJobQueue,
  runDueJobs,
  JOB_MAX_ATTEMPTS,
  type Job,
  type JobMode,
  type JobQueue,
  type JobWorker,
} from './jobs/queue';
export { jobHandlers } from './jobs/handlers';
export { signIn, INVALID_CREDENTIALS_MESSAGE } from './auth/sign-in';
export { signOut } from './auth/sign-out';
export { getMe } from './auth/get-me';
export { requestPasswordReset, RESET_SPACING_MESSAGE } from './password/request-password-reset';
export { resetPassword, RESET_INVALID_MESSAGE } from './password/reset-password';
export { changePassword } from './password/change-password';
export { RESET_CODE_TTL_MS, RESET_MAX_ATTEMPTS, resetCodeHash } from './password/reset-code';
export { getMyProfile } from './account/get-my-profile';
export { getOnboarding, saveOnboarding, startOnboarding } from './profiles/onboarding';
export { setProfileVisibility } from './profiles/set-visibility';
export { getProfileEditor, updateProfile } from './profiles/edit-profile';
export { getSpecialConsent, giveSpecialConsent, withdrawSpecialConsent } from './profiles/special-consent';
export { exportMyData } from './account/export-my-data';
export { terminateAccount } from './account/terminate-account';
export {
  createMailer,
  createMemoryMailer,
  type MailMessage,
  type Mailer,
  type MailerLog,
} from './mail/mailer';
export { passwordChangedEmail, resetCodeEmail } from './mail/templates';
export { takeRateLimits, TOO_MANY_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from './rate-limit/enforce';
export { getMatchProfile } from './match/get-match-profile';
export { signUpForTraining } from './training/sign-up-for-training';
export { renderAvatarJpeg, renderAvatarSvg } from './avatar';
export { createLocalPhotoStore, PHOTO_KEY, type PhotoStore } from './media/photo-store';
export { createS3PhotoStore, type S3PhotoStoreOptions } from './media/s3-photo-store';
export {
  createPhotoUploadGate,
  PHOTO_BUSY_MESSAGE,
  PHOTO_DECODES_AT_ONCE,
  type PhotoUploadGate,
} from './media/upload-gate';
export {
  deletePhoto,
  detectPhotoType,
  listMyPhotos,
  reencodePhoto,
  reorderPhotos,
  uploadPhoto,
} from './media/photos';
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
  ADMIN_PAGE_SIZE,
  COUNT_CAP,
  keysetCursor,
  keysetPage,
  keysetPaginator,
  type KeysetCursor,
} from './paging';
export {
  findMembers,
  memberFilters,
  memberSearchCursor,
  memberSearchFilters,
  type MemberSearchInput,
} from './admin/find-members';
export { searchMembers } from './admin/search-members';
export { listAuditLog } from './admin/audit-log';
export {
  consoleSearchTerms,
  listConsoleMembers,
  membersTableCursor,
  searchConsole,
} from './admin/console-members';
export { introductionListCursor, listIntroductions } from './admin/list-introductions';
export {
  getStaffIntroductionDetail,
  getStaffMemberView,
  getStaffUserIntroductions,
  getStaffUserView,
} from './admin/staff-views';
export {
  addIntroductionCode,
  registerIntroduction,
  removeIntroductionCode,
  setIntroductionMatch,
  requestOnBehalf,
  setIntroductionActive,
  setIntroductionNote,
  type IntroductionFormValues,
} from './admin/change-introduction';
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
  manualReference,
  paymentInstructions,
  type PaymentEvent,
  type PaymentProvider,
} from './subscriptions/payment-provider';
export {
  createDevelopmentCheckoutProvider,
  createStripeCheckoutProvider,
  DEV_CHECKOUT_PATH,
  DEV_CHECKOUT_REFERENCE,
  developmentPaymentEvent,
  toPaymentEvent,
} from './subscriptions/checkout-providers';
export { applyPaymentEvent, type PaymentEventResult } from './subscriptions/apply-payment-event';
export { premiumPrice } from './subscriptions/subscription-view';
export {
  createDevelopmentIdentityProvider,
  createStripeIdentityProvider,
  developmentIdentityEvent,
  DEV_IDENTITY_PATH,
  type IdentityProvider,
  type VerificationEvent,
  type VerificationOutcome,
} from './verification/identity-provider';
export { startVerification } from './verification/start-verification';
export { getMyVerification } from './verification/read-verification';
export { applyVerificationEvent, type EventResult } from './verification/apply-verification-event';
export { revokeVerification } from './verification/revoke-verification';
export {
  readSignedEvent,
  signWebhook,
  verifyWebhookSignature,
  WebhookSignatureError,
  WEBHOOK_TOLERANCE_SECONDS,
  type ProviderEvent,
} from './webhook-signature';
export { listCommunities, getCommunity, setCommunityMembership } from './social/communities';
export {
  listMembers,
  getMember,
  getFriends,
  getSearchPreferences,
  saveSearchPreferences,
} from './social/members';
export {
  getFriendQuota,
  sendFriendRequest,
  answerFriendRequest,
  friendStateWith,
  MEMBER_NOT_FOUND,
} from './social/friends';
export { blockMember, unblockMember, listBlocked, reportMember, REPORTS_PER_DAY } from './social/safety';
export { listReports, dismissReport, suspendFromReport, MODERATION_PAGE_SIZE } from './social/moderation';
export {
  sendMessage,
  getThread,
  listConversations,
  liveMessages,
  announceTyping,
  NOT_FRIENDS_MESSAGE,
} from './social/messages';
export {
  createMessageHub,
  LIVE_STREAMS_PER_MEMBER,
  type MessageHub,
  type HubEvent,
} from './social/message-hub';
export {
  startCall,
  answerCall,
  signalCall,
  endCall,
  heartbeatCall,
  getCallSession,
  listCallsWith,
  mayCall,
  turnCredentials,
  iceServersFor,
  NO_CALL_CONFIG,
  type CallConfig,
} from './social/calls';
export { askForIntroduction, listMyMatchRequests } from './match-requests/ask-for-introduction';
export {
  declineMatchRequest,
  getConsoleCounts,
  introduceFromMatchRequest,
  listMatchRequestQueue,
} from './match-requests/handle-match-request';
export { getEvent, launchGuestList, listEvents, listUserEvents } from './events/list-events';
export { cancelMyRsvp, rsvpToEvent, setOnGuestList } from './events/rsvp';
export {
  cancelEvent,
  checkInGuest,
  createEvent,
  getEventForStaff,
  listEventsForStaff,
  publishEvent,
  updateEvent,
} from './events/manage-events';
export { chooseMeetAgain, getMeetAgain } from './events/meet-again';
export { eventCalendar } from './events/calendar';
export { EVENT_REMINDER_BEFORE_MS } from './events/reminders';
export { notify, notifyEach, notificationHooks, type NotifyInput } from './notifications/notify';
export * as notificationEvents from './notifications/events';
export {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationsReadAt,
  NOTIFICATION_NOT_FOUND,
} from './notifications/centre';
export { getNotificationSettings, updateNotificationSettings } from './notifications/settings';
export { DEFAULT_DELIVERY, DEFAULT_EMAIL_DELAY_MS, type NotificationDelivery } from './notifications/deliver';
export {
  readUnsubscribeToken,
  unsubscribeByToken,
  unsubscribeToken,
  unsubscribeUrl,
  UNSUBSCRIBE_PATH,
} from './notifications/unsubscribe';
export type { PushDevice, PushMessage, PushSender } from './notifications/push';
export { afterQuietHours, localMinutes, nextLocalTime } from './notifications/quiet-hours';
export {
  DEFAULT_PUSH_ENDPOINT_HOSTS,
  endpointAllowed,
  listMyDevices,
  registerDevice,
  removeMyDevice,
} from './notifications/devices';
export {
  createFilePushSender,
  createWebPushSender,
  generateVapidKeys,
  pushByPlatform,
  pushPayload,
  webPushOptions,
  type VapidKeys,
} from './notifications/push-senders';
export {
  createApnsSender,
  createFcmSender,
  type ApnsOptions,
  type FcmOptions,
} from './notifications/store-push';
export { eventMetrics, mailsFailed, mailsSent, pushesFailed, pushesSent, rateLimitRefusals } from './metrics';
