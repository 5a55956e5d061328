import type { introductionQueries } from '@rhema/db';
import type { TIntroductionRecord, TIntroductionStatus } from '@rhema/schemas';
import { iso } from '../iso';

/**
 * An introduction's own fields as both its views show them: the members' (./introduction-views) and the console's.
 * The tribe and state of origin describe the owner (special-category): only when the viewer may see the owner's
 * special-category answers (`profileFieldRules`, packages/core/src/profiles/visibility.ts).
 */
export function toIntroductionRecord(
  row: introductionQueries.IntroductionRow,
  { ownerSpecialCategory }: { ownerSpecialCategory: boolean },
): TIntroductionRecord {
  return {
    _id: row.id,
    status: row.status as TIntroductionStatus,
    is_active: row.is_active,
    is_public: row.is_public,
    min_age: row.min_age,
    max_age: row.max_age,
    min_height: row.min_height,
    my_height: row.my_height,
    state: ownerSpecialCategory ? row.state : null,
    tribe: ownerSpecialCategory ? row.tribe : null,
    city: row.city,
    distant_relationship: row.distant_relationship,
    details: row.details,
    request_message: row.request_message,
    response_message: row.response_message,
    requested_at: iso(row.requested_at),
    responded_at: iso(row.responded_at),
    created_at: iso(row.created_at),
  };
}
