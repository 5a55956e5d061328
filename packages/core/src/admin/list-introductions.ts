import { adminIntroductionQueries } from '@rhema/db';
import type { TAdminIntroduction } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import type { ProfileViewer } from '../profiles/visibility';
import { memberSearchFilters, type MemberSearchInput } from './find-members';
import { toIntroductionCards } from './introduction-cards';
import {
  ADMIN_PAGE_SIZE,
  buildPaginator,
  COUNT_CAP,
  decodeCursor,
  encodeCursor,
  type AdminPaginator,
} from './paging';

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
  input: Omit<MemberSearchInput, 'status'> & { status?: string | undefined };
}): Promise<{ data: TAdminIntroduction[]; paginator: AdminPaginator }> {
  const { status: ownerStatus, ...owner } = memberSearchFilters({ ...input, status: undefined }, now);
  void ownerStatus;
  const filters: adminIntroductionQueries.IntroductionListFilters = {
    prematched,
    status: input.status,
    owner,
  };
  const page = input.page ?? 1;
  const toKey = (cursor: string) => {
    const key = decodeCursor(cursor);
    return { createdAt: key.dob, id: key.id };
  };
  const position: adminIntroductionQueries.IntroductionListPosition = input.after
    ? { kind: 'after', key: toKey(input.after) }
    : input.before
      ? { kind: 'before', key: toKey(input.before) }
      : { kind: 'offset', offset: (page - 1) * ADMIN_PAGE_SIZE };

  const [read, counted] = await Promise.all([
    adminIntroductionQueries.findIntroductionPage(db, filters, position, ADMIN_PAGE_SIZE + 1),
    adminIntroductionQueries.countIntroductionsUpTo(db, filters, COUNT_CAP),
  ]);
  const estimate =
    counted > COUNT_CAP ? await adminIntroductionQueries.estimateIntroductions(db, filters) : counted;
  const extra = read.length > ADMIN_PAGE_SIZE;
  const pageRows = position.kind === 'before' ? read.slice(extra ? 1 : 0) : read.slice(0, ADMIN_PAGE_SIZE);
  const rows = await adminIntroductionQueries.findIntroductionsByIds(
    db,
    pageRows.map((row) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = pageRows.flatMap((row) => {
    const found = byId.get(row.id);
    return found ? [found] : [];
  });
  const keyOf = (row: (typeof pageRows)[number] | undefined) =>
    row ? encodeCursor({ dob: row.created_key, id: row.id }) : null;
  return {
    data: await toIntroductionCards({ db, now, viewer, rows: ordered }),
    paginator: buildPaginator({
      page: position.kind === 'before' && !extra ? 1 : page,
      pageSize: ADMIN_PAGE_SIZE,
      counted,
      estimate,
      hasNextPage: position.kind === 'before' ? true : extra,
      hasPrevPage: position.kind === 'before' ? extra : page > 1,
      nextCursor: keyOf(pageRows.at(-1)),
      prevCursor: keyOf(pageRows[0]),
    }),
  };
}
