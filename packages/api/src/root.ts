import { accountRouter } from './routers/account';
import { authRouter } from './routers/auth';
import { faqsRouter } from './routers/faqs';
import { matchRouter } from './routers/match';
import { passwordRouter } from './routers/password';
import { trainingRouter } from './routers/training';
import { introductionsRouter } from './routers/introductions';
import { subscriptionsRouter } from './routers/subscriptions';
import { adminRouter } from './routers/admin';
import { communitiesRouter } from './routers/communities';
import { membersRouter } from './routers/members';
import { friendsRouter } from './routers/friends';
import { safetyRouter } from './routers/safety';
import { moderationRouter } from './routers/moderation';
import { messagesRouter } from './routers/messages';
import { profileRouter } from './routers/profile';
import { matchRequestsRouter } from './routers/match-requests';
import { verificationRouter } from './routers/verification';
import { callsRouter } from './routers/calls';
import { adminEventsRouter } from './routers/admin-events';
import { eventsRouter } from './routers/events';
import { notificationsRouter } from './routers/notifications';
import { devicesRouter } from './routers/devices';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  password: passwordRouter,
  account: accountRouter,
  faqs: faqsRouter,
  match: matchRouter,
  training: trainingRouter,
  introductions: introductionsRouter,
  subscriptions: subscriptionsRouter,
  admin: adminRouter,
  communities: communitiesRouter,
  members: membersRouter,
  friends: friendsRouter,
  safety: safetyRouter,
  moderation: moderationRouter,
  messages: messagesRouter,
  profile: profileRouter,
  matchRequests: matchRequestsRouter,
  verification: verificationRouter,
  calls: callsRouter,
  events: eventsRouter,
  adminEvents: adminEventsRouter,
  notifications: notificationsRouter,
  devices: devicesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
