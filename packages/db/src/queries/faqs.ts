import type { FaqType } from '@rhema/schemas';
import type { Database } from '../create-db';

export async function listFaqs(db: Database, faqType: FaqType) {
  return db
    .selectFrom('faqs')
    .select(['id', 'title', 'post'])
    .where('faq_type', '=', faqType)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
