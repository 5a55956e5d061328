import { faqsRouter } from './routers/faqs';
import { matchRouter } from './routers/match';
import { trainingRouter } from './routers/training';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  faqs: faqsRouter,
  match: matchRouter,
  training: trainingRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
