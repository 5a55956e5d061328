import type { RestRoute, RouteKeyOf } from './route-shape';
import { accountRows } from './routes-account';
import { callRows } from './routes-calls';
import { eventRows } from './routes-events';
import { notificationRows } from './routes-notifications';

/**
 * The REST adapter's table, the contract of api/v1: each documented api/v1 path, the tRPC
 * procedure it republishes and the shape of its answer (`reply`). The adapter (adapter.ts), the OpenAPI document
 * (openapi.ts, served with its reference at /api/v1/docs) and the contract test (contract.int.test.ts) all read
 * these rows, so they cannot disagree. Adding a path: a row here, its sample request in examples.ts (the typecheck
 * fails without one), and the procedure in packages/api. Mobile clients depend on these shapes: change none.
 */
const rows = [
  { method: 'GET', url: '/faqs', procedure: 'faqs.list', reply: 'data', summary: 'FAQs or home-page points' },
  {
    method: 'GET',
    url: '/search/match',
    procedure: 'match.lookup',
    reply: 'data',
    errors: [404, 429],
    summary: 'The public profile behind a contact reference',
  },
  // accounts and password reset; the token travels in the body, clients send it back as Bearer
  {
    method: 'POST',
    url: '/password/request',
    procedure: 'password.request',
    reply: 'fields',
    errors: [429],
    summary: 'Mail a password reset code (the token comes back for the next step)',
  },
  {
    method: 'POST',
    url: '/password',
    procedure: 'password.reset',
    reply: { message: 'Your Password has been reset' },
    errors: [429],
    summary: 'Set a new password with the mailed code',
  },
  {
    method: 'POST',
    url: '/auth/register',
    procedure: 'auth.register',
    reply: 'message',
    errors: [429],
    summary:
      'Sign-up, step 1: mails a 6-digit code to the address (the same answer whether or not it has an account)',
  },
  {
    method: 'POST',
    url: '/auth/register/confirm',
    procedure: 'auth.confirmRegistration',
    reply: 'fields',
    errors: [409, 429],
    summary: 'Sign-up, step 2: the mailed code creates the account and signs it in',
  },
  {
    method: 'POST',
    url: '/auth/login',
    procedure: 'auth.login',
    reply: 'fields',
    errors: [401, 403, 429],
    summary: 'Sign in',
  },
  {
    method: 'POST',
    url: '/auth/logout',
    procedure: 'auth.logout',
    reply: { message: 'You have been signed out.' },
    summary: 'End the session',
  },
  { method: 'GET', url: '/auth/me', procedure: 'auth.me', reply: 'fields', summary: 'The signed-in user' },
  // the consultants' console: staff only (anonymous 401, members 403); the lists answer data.data and
  // data.paginator with the console's query parameters, the views their fields at the top level
  {
    method: 'GET',
    url: '/user-introductions/pre/matched',
    procedure: 'admin.search',
    reply: 'paginated',
    summary:
      'Introduction search over members (gender, min_age, max_age, name, my_country_only, country_code, phone)',
  },
  {
    method: 'GET',
    url: '/admin/user-introductions/introduction/list',
    procedure: 'admin.introductions',
    reply: 'paginated',
    summary: 'Introductions with their cards, newest first',
  },
  {
    method: 'GET',
    url: '/admin/user-introductions/pre/matched',
    procedure: 'admin.prematched',
    reply: 'paginated',
    summary: 'Pre-matched introductions (owner and contact), newest first',
  },
  {
    method: 'GET',
    url: '/admin/user-introductions/introduction/list/:userId',
    procedure: 'admin.introductionDetail',
    reply: 'fields',
    errors: [404],
    summary: "A member's introduction with the requests it received",
  },
  {
    method: 'GET',
    url: '/admin/user-introductions/owner/:userId',
    procedure: 'admin.owner',
    reply: 'fields',
    errors: [404],
    summary: 'The owner view: profile, account, introductions, subscriptions',
  },
  {
    method: 'GET',
    url: '/admin/user-introductions/:userId',
    procedure: 'admin.user',
    reply: 'fields',
    errors: [404],
    summary: 'The user view: profile with data_ fields and the account (updated_user)',
  },
  {
    method: 'GET',
    url: '/admin/users/:userId',
    procedure: 'admin.member',
    reply: 'fields',
    errors: [404],
    summary: 'A member as a user',
  },
  {
    method: 'POST',
    // api/v1 names the segment introductionId; it is the owner's user id (the record is created for them)
    url: '/admin/user-introductions/introduction/register/:introductionId',
    procedure: 'admin.register',
    reply: 'data',
    errors: [404],
    summary: "Create an introduction for a member from the 'Create introduction' form",
    input: ({ body, params }) => ({ ...body, userId: params.introductionId }),
  },
  {
    method: 'PATCH',
    url: '/admin/user-introductions/introduction/:id/activate',
    procedure: 'admin.activate',
    reply: 'data',
    errors: [404],
    summary: 'Activate an introduction (a repeat changes nothing)',
  },
  {
    method: 'PATCH',
    url: '/admin/user-introductions/introduction/:id/deactivate',
    procedure: 'admin.deactivate',
    reply: 'data',
    errors: [404],
    summary: 'Deactivate an introduction (a repeat changes nothing)',
  },
  {
    method: 'PATCH',
    url: '/admin/user-introductions/introduction/:id/note',
    procedure: 'admin.note',
    reply: 'data',
    errors: [404],
    summary: "Replace the consultant's note",
  },
  {
    method: 'POST',
    url: '/admin/user-introductions/introduction/:id/suggestion',
    procedure: 'admin.suggestion',
    reply: { message: 'Code added' },
    errors: [404, 409],
    summary:
      'Suggest a member to the owner by their 6-character contact reference (an active member, not the owner, no block between them)',
  },
  {
    method: 'DELETE',
    url: '/admin/user-introductions/introduction/:id/suggestion/:code',
    procedure: 'admin.removeSuggestion',
    reply: { message: 'Code removed' },
    errors: [404],
    summary: 'Take a suggestion code off an introduction',
  },
  {
    method: 'PATCH',
    url: '/admin/user-introductions/introduction/:id/match',
    procedure: 'admin.setMatch',
    reply: 'data',
    errors: [404, 409],
    summary:
      "Set the introduction's match (`code`: a contact reference, or `user_id`); refused while it is requested or accepted, a rejected one opens again",
  },
  // the consultants' queue of members' requests for an introduction, and confirming a premium payment
  {
    method: 'GET',
    url: '/admin/match-requests',
    procedure: 'admin.matchRequests',
    reply: 'paginated',
    summary: "Members' requests for an introduction (`status`: open, oldest first, or handled, newest first)",
  },
  {
    method: 'PATCH',
    url: '/admin/match-requests/:request_id/introduce',
    procedure: 'admin.introduceRequest',
    reply: 'data',
    errors: [404, 409],
    summary:
      "Create the asker's introduction with the member they asked for as its match, open and switched on (`activate: false` leaves it off until activated)",
  },
  {
    method: 'PATCH',
    url: '/admin/match-requests/:request_id/decline',
    procedure: 'admin.declineRequest',
    reply: 'data',
    errors: [404, 409],
    summary: 'Decline a request with a `note` the member reads',
  },
  {
    method: 'PATCH',
    url: '/admin/user-subscriptions/:subscriptionId/confirm',
    procedure: 'subscriptions.confirm',
    reply: 'data',
    errors: [404, 409],
    summary:
      'Record the payment of a pending premium (the reference the member quoted is in the owner view): it becomes active',
  },
  // introductions between members and premium per match (docs/decisions/070)
  {
    method: 'PATCH',
    url: '/user-introductions/:matchId/request',
    procedure: 'introductions.request',
    reply: 'data',
    errors: [404, 409, 417],
    summary: 'Request an introduction (needs premium for the match): answers the updated introduction',
  },
  {
    method: 'PATCH',
    url: '/user-introductions/:matchId/accept',
    procedure: 'introductions.accept',
    reply: 'data',
    errors: [404, 409],
    summary: 'Accept an introduction addressed to you: answers it, with both phone numbers released',
  },
  {
    method: 'PATCH',
    url: '/user-introductions/:matchId/reject',
    procedure: 'introductions.reject',
    reply: 'data',
    errors: [404, 409],
    summary: 'Reject an introduction addressed to you: answers the updated introduction',
  },
  {
    method: 'POST',
    url: '/user-introductions/:id/request',
    procedure: 'introductions.requestPublic',
    reply: 'data',
    errors: [404, 409],
    summary: "'I am interested in {first name}' on a public introduction (one per member)",
  },
  {
    method: 'GET',
    url: '/user-introductions',
    procedure: 'introductions.list',
    reply: 'data',
    summary: 'Your introductions and those addressed to you',
  },
  {
    method: 'GET',
    url: '/user-introductions/introduction/list/:matchId',
    procedure: 'introductions.byMatchId',
    reply: 'data',
    errors: [404],
    summary: 'One introduction (its members only)',
  },
  {
    method: 'GET',
    url: '/user-subscriptions/premium/price',
    procedure: 'subscriptions.price',
    reply: 'data',
    summary:
      'What premium for one match costs: amount in minor units, currency, label (show it before a request)',
  },
  {
    method: 'POST',
    url: '/user-subscriptions/premium',
    procedure: 'subscriptions.createPremium',
    reply: 'data',
    errors: [404, 409],
    summary:
      'Start a premium subscription for a match (matchId in the body or the query): answers its _id, its price, and `payment.checkout_url` (open it in a browser) when a card checkout takes the payment',
    input: ({ body, query }) => ({
      matchId: body.matchId ?? body.match_id ?? query.matchId ?? query.match_id,
    }),
  },
  // self-matching (docs/decisions/080-self-matching.md): communities, members, friends, blocks, reports
  {
    method: 'GET',
    url: '/communities',
    procedure: 'communities.list',
    reply: 'data',
    summary:
      'The communities (interest, faith, professional; `kind` to pick one), with member counts and yours',
  },
  {
    method: 'GET',
    url: '/communities/:slug',
    procedure: 'communities.get',
    reply: 'data',
    errors: [404],
    summary: 'One community: its description and its members, 20 a page (`page`)',
  },
  {
    method: 'POST',
    url: '/communities/:slug/join',
    procedure: 'communities.join',
    reply: 'data',
    errors: [404, 417],
    summary:
      'Join a community (a repeat changes nothing); a faith community needs the special-category consent: ' +
      'without one it answers 417 `special_consent`, and `special_consent_text_version` gives it with the join',
  },
  {
    method: 'POST',
    url: '/communities/:slug/leave',
    procedure: 'communities.leave',
    reply: 'data',
    errors: [404],
    summary: 'Leave a community (a repeat changes nothing)',
  },
  {
    method: 'GET',
    url: '/members',
    procedure: 'members.list',
    reply: 'data',
    summary:
      'Other members to choose from (`community`, `country_code`, `gender`, `min_age`, `max_age`, `verified_only=true`: only members with the verified badge, `name`: part of a first name, `page`): no email, no phone; hidden, suspended and blocked members never appear',
  },
  {
    method: 'GET',
    url: '/member-search-preferences',
    procedure: 'members.preferences',
    reply: 'data',
    summary: 'The members-list filters you saved last (`updated_at` null: none saved)',
  },
  {
    method: 'PUT',
    url: '/member-search-preferences',
    procedure: 'members.savePreferences',
    reply: 'data',
    summary: 'Save your members-list filters for your next visits, over the earlier ones (`{}` clears them)',
  },
  {
    method: 'GET',
    url: '/members/:id',
    procedure: 'members.get',
    reply: 'data',
    errors: [404],
    summary: "A member's profile in the spec's shape, and where your friendship with them stands",
  },
  // a member asks the consultants for an introduction to a member they chose (the private matchmaking flow)
  {
    method: 'POST',
    url: '/match-requests',
    procedure: 'matchRequests.create',
    reply: 'data',
    errors: [404, 409, 429],
    summary:
      'Ask a consultant to introduce you to a member (`user_id`): a few a day (429 past them), one open request per member (409)',
  },
  {
    method: 'GET',
    url: '/match-requests',
    procedure: 'matchRequests.list',
    reply: 'data',
    summary:
      'Your requests to the consultants, newest first, each with its state and the note of a declined one, and how many you have left today',
  },
  {
    method: 'GET',
    url: '/friends',
    procedure: 'friends.overview',
    reply: 'data',
    summary: 'Your friends, the requests you received and sent, and how many requests you have left today',
  },
  {
    method: 'GET',
    url: '/friends/quota',
    procedure: 'friends.quota',
    reply: 'data',
    summary: 'Friend requests left in the last 24 hours and when the window frees the next one',
  },
  {
    method: 'POST',
    url: '/friends/requests',
    procedure: 'friends.send',
    reply: 'data',
    errors: [404, 409, 429],
    summary:
      'Send a friend request (`user_id`); at most a fixed number per 24 hours (429 when none are left)',
  },
  {
    method: 'PATCH',
    url: '/friends/requests/:request_id/accept',
    procedure: 'friends.accept',
    reply: 'data',
    errors: [404, 409],
    summary: 'Accept a friend request you received: messaging opens',
  },
  {
    method: 'PATCH',
    url: '/friends/requests/:request_id/decline',
    procedure: 'friends.decline',
    reply: 'data',
    errors: [404, 409],
    summary: 'Decline a friend request you received',
  },
  {
    method: 'PATCH',
    url: '/friends/requests/:request_id/cancel',
    procedure: 'friends.cancel',
    reply: 'data',
    errors: [404, 409],
    summary: 'Cancel a friend request you sent that is still pending',
  },
  {
    method: 'GET',
    url: '/blocks',
    procedure: 'safety.blocked',
    reply: 'data',
    summary: 'The members you blocked',
  },
  {
    method: 'POST',
    url: '/blocks',
    procedure: 'safety.block',
    reply: 'data',
    errors: [404],
    summary:
      "Block a member (`user_id`): both of you disappear from each other's lists, requests, introductions " +
      'and threads at once, and contact details released to them are withdrawn',
  },
  {
    method: 'DELETE',
    url: '/blocks/:user_id',
    procedure: 'safety.unblock',
    reply: 'data',
    errors: [404],
    summary: 'Unblock a member (a friendship the block ended stays ended)',
  },
  {
    method: 'POST',
    url: '/reports',
    procedure: 'safety.report',
    reply: 'data',
    errors: [404],
    summary: 'Report a member (`user_id`, `reason`, `details` up to 1,000 characters) to the moderators',
  },
  // messages between friends (docs/decisions/081-live-messages.md); new messages arrive live on the SSE
  // stream GET /api/v1/live (routes-live.ts), which is not a row of this table
  {
    method: 'GET',
    url: '/messages',
    procedure: 'messages.conversations',
    reply: 'data',
    summary: 'Your conversations: the newest message per member, unread counts, most recent first',
  },
  {
    method: 'GET',
    url: '/messages/:user_id',
    procedure: 'messages.thread',
    reply: 'data',
    errors: [404],
    summary: 'The thread with a member, oldest first, 50 a page (`before`: a message id); marks it read',
  },
  {
    method: 'POST',
    url: '/messages/:user_id',
    procedure: 'messages.send',
    reply: 'data',
    errors: [403, 404],
    summary:
      'Send a message (1 to 2,000 characters) to a member who accepted your friend request, or you theirs',
  },
  // profile editing; the photo file itself goes to POST /api/photos (the file as the body, any
  // Content-Type: the server reads the type from the content), which is not a row: its body is no JSON
  {
    method: 'GET',
    url: '/profile',
    procedure: 'profile.editor',
    reply: 'data',
    summary:
      'Your editable profile: first name, city, state of origin, height, the questions with their hints and your answers, core values, citizenships',
  },
  {
    method: 'PUT',
    url: '/profile',
    procedure: 'profile.update',
    reply: 'data',
    errors: [403],
    summary:
      'Save your profile (answers by question key; an empty answer removes it); answers the profile as saved',
  },
  // identity verification by a third-party provider: docs/decisions/171-identity-verification-provider.md
  {
    method: 'POST',
    url: '/user-verification',
    procedure: 'verification.start',
    reply: 'data',
    errors: [409],
    summary:
      "Start an identity check: answers the state and `url`, the provider's page where the member verifies (open it in a browser)",
  },
  {
    method: 'GET',
    url: '/user-verification',
    procedure: 'verification.mine',
    reply: 'data',
    summary:
      'Your identity check: not_started, pending, verified, declined (with the reason), expired or revoked (with the reason)',
  },
  // the special-category consent (faith, ethnicity, tribe): docs/decisions/083-special-category-consent.md
  {
    method: 'GET',
    url: '/profile/special-consent',
    procedure: 'profile.specialConsent',
    reply: 'data',
    summary:
      'The special-category consent: its text and version, whether yours stands (since when, to which version), and the questions it covers',
  },
  {
    method: 'POST',
    url: '/profile/special-consent',
    procedure: 'profile.giveSpecialConsent',
    reply: 'data',
    summary:
      'Give the special-category consent (`text_version`: the version of the text you were shown; an older one is a 400); a repeat changes nothing',
  },
  {
    method: 'DELETE',
    url: '/profile/special-consent',
    procedure: 'profile.withdrawSpecialConsent',
    reply: 'data',
    summary:
      'Withdraw the special-category consent: your answers to its questions are deleted at once; a repeat changes nothing',
  },
  // who finds the member, and the onboarding after sign-up: docs/decisions/172-profile-visibility.md
  {
    method: 'PUT',
    url: '/profile/visibility',
    procedure: 'profile.setVisibility',
    reply: 'data',
    summary:
      "Who finds you (`profile_visibility`): visible; hidden from the members list and the private-match lookup; or paused, out of every member's sight",
  },
  {
    method: 'GET',
    url: '/profile/onboarding',
    procedure: 'profile.onboarding',
    reply: 'data',
    summary:
      'Where your onboarding stands (the step to resume at, or done) and how complete your profile is, with what is missing',
  },
  {
    method: 'PUT',
    url: '/profile/onboarding',
    procedure: 'profile.saveOnboarding',
    reply: 'data',
    summary: 'Save the onboarding step you reached (`step`; done when finished or skipped)',
  },
  {
    method: 'GET',
    url: '/profile/photos',
    procedure: 'profile.photos',
    reply: 'data',
    summary: 'Your photos in order; the first is your profile picture',
  },
  {
    method: 'PUT',
    url: '/profile/photos/order',
    procedure: 'profile.reorderPhotos',
    reply: 'data',
    summary: 'Put your photos in a new order (`ids`: each of your photo ids once)',
  },
  {
    method: 'DELETE',
    url: '/profile/photos/:id',
    procedure: 'profile.deletePhoto',
    reply: 'data',
    errors: [404],
    summary: 'Delete one of your photos',
  },
  ...eventRows,
  ...notificationRows,
  ...accountRows,
  ...callRows,
] as const satisfies readonly RestRoute[];

export const restRoutes: readonly RestRoute[] = rows;

/** `METHOD /url`: how examples and tests name a row. */
export type RestRouteKey = RouteKeyOf<(typeof rows)[number]>;
export const restRouteKey = (route: Pick<RestRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;
