import { faqQueries, type Database } from '@rhema/db';
import type { FaqType, TFaqItem } from '@rhema/schemas';

export async function listFaqs({ db, faqType }: { db: Database; faqType: FaqType }): Promise<TFaqItem[]> {
  const rows = await faqQueries.listFaqs(db, faqType);
  return rows.map((row) => ({ _id: String(row.id), title: row.title, post: row.post }));
}
