import type { FaqType } from '@rhema/schemas';
import type { Database } from '../create-db';
import { precompiled } from './precompiled';

// built once (./precompiled.ts): every visit to the FAQ pages and the apps' help screen runs it
const faqsOfType = precompiled(['faqType'], (db, p) =>
  db
    .selectFrom('faqs')
    .select(['id', 'title', 'post'])
    .where('faq_type', '=', p.faqType)
    .orderBy('position')
    .orderBy('id'),
);

export async function listFaqs(db: Database, faqType: FaqType) {
  return faqsOfType(db, { faqType });
}
