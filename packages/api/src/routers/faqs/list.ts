import { listFaqs } from '@rhema/core';
import { ZFaqListRequest, ZFaqListResponse } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

export const listFaqsProcedure = publicProcedure
  .input(ZFaqListRequest)
  .output(ZFaqListResponse)
  .query(({ ctx, input }) => listFaqs({ ...useCaseDeps(ctx), faqType: input.faq_type }));
