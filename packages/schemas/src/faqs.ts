import { z } from 'zod';
import { FAQ_TYPES } from './constants';

export const ZFaqListRequest = z.object({
  faq_type: z.enum(FAQ_TYPES, { error: "faq_type must be 'faqs' or 'points'" }),
});
export type TFaqListRequest = z.infer<typeof ZFaqListRequest>;

export const ZFaqItem = z.object({
  _id: z.string(),
  title: z.string(),
  post: z.string(),
});
export const ZFaqListResponse = z.array(ZFaqItem);
export type TFaqItem = z.infer<typeof ZFaqItem>;
