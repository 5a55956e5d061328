import { faqsRouter } from './routers/faqs';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  faqs: faqsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
