import { listFaqs } from '@rhema/core';
import { ZFaqListRequest, ZFaqListResponse } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';

export const listFaqsProcedure = publicProcedure
  .input(ZFaqListRequest)
  .output(ZFaqListResponse)
  .query(({ ctx, input }) => listFaqs({ db: ctx.db, faqType: input.faq_type }));
