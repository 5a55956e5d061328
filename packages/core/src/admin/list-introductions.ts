import { adminIntroductionQueries } from '@rhema/db';
import {
  ZIntroductionListKey,
  type TAdminIntroduction,
  type TAdminIntroductionList,
  type TAdminPaginator,
} from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { keysetCursor, keysetPage } from '../paging';
import type { ProfileViewer } from '../profiles/visibility';
import { memberFilters } from './find-members';
import { loadIntroductionCards } from './introduction-cards';

export const introductionListCursor = keysetCursor(ZIntroductionListKey);

/**
 * The console's introduction lists, newest first: every introduction (the users list, GET
 * admin/user-introductions/introduction/list) or the pre-matched ones only (GET admin/user-introductions/pre/matched),
 * filtered by the owner as the member search filters members, and by the introduction's status.
 */
export async function listIntroductions({
  db,
  now,
  viewer,
  prematched,
  input,
}: Pick<UseCaseDeps, 'db' | 'now'> & {
  viewer: ProfileViewer;
  prematched: boolean;
  input: Partial<Omit<TAdminIntroductionList, 'reload'>>;
}): Promise<{ data: TAdminIntroduction[]; paginator: TAdminPaginator }> {
  const filters: adminIntroductionQueries.IntroductionListFilters = {
    prematched,
    status: input.status,
    owner: memberFilters(input, now),
  };
  // the page comes as cards (records with their counts, blocks, consents and codes): then one profile read
  const { rows, paginator } = await keysetPage({
    input,
    cursor: introductionListCursor,
    read: (position, limit) =>
      adminIntroductionQueries.findIntroductionCardPage(db, filters, position, limit),
    count: (cap) => adminIntroductionQueries.countIntroductionsUpTo(db, filters, cap),
    estimate: () => adminIntroductionQueries.estimateIntroductions(db, filters),
    keyOf: (row) => ({ createdAt: row.created_key, id: row.id }),
  });
  return { data: await loadIntroductionCards({ db, now, viewer, rows }), paginator };
}
