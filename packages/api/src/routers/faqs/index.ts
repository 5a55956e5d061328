import { router } from '../../trpc';
import { listFaqsProcedure } from './list';

export const faqsRouter = router({
  list: listFaqsProcedure,
});
