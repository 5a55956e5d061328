import {
  adminIntroductionQueries,
  auditQueries,
  matchQueries,
  verificationQueries,
  type Database,
} from '@rhema/db';
import { INTRODUCTION_DEFAULTS, type TAdminIntroduction } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { AppError } from '../errors/app-error';
import type { ProfileViewer } from '../profiles/visibility';
import { requestPublicIntroduction } from '../introductions/request-public-introduction';
import { loadIntroductionCards } from './introduction-cards';
import { requirePairCandidate } from './pair-candidate';
import * as tell from '../notifications/events';

// The changes a consultant makes to an introduction: activate, deactivate, the
// note, suggestion codes, its match, and registering a new one. Each is audited (audit_log: who, what, when, details) in the
// transaction of the change; a repeat changes nothing and writes no second entry.

type Deps = Pick<UseCaseDeps, 'db' | 'now'> & { viewer: ProfileViewer; staffId: string };

const NOT_FOUND = 'We could not find that introduction.';

async function card(deps: Deps, id: string): Promise<TAdminIntroduction> {
  const rows = await adminIntroductionQueries.findIntroductionCards(deps.db, [id]);
  if (rows.length === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [result] = await loadIntroductionCards({ db: deps.db, now: deps.now, viewer: deps.viewer, rows });
  if (!result) throw new AppError('NOT_FOUND', NOT_FOUND);
  return result;
}

async function audit(
  db: Database,
  deps: { staffId: string; now: Date },
  action: string,
  introductionId: string,
  details?: Record<string, unknown>,
) {
  await auditQueries.insertAudit(db, {
    actorId: deps.staffId,
    action,
    targetType: 'introduction',
    targetId: introductionId,
    at: deps.now,
    ...(details ? { details } : {}),
  });
}

/** PATCH .../introduction/{id}/activate and /deactivate: idempotent; the introduction as it is afterwards. */
export async function setIntroductionActive(
  deps: Deps & { id: string; active: boolean },
): Promise<TAdminIntroduction> {
  await deps.db.transaction().execute((trx) => setActiveIn(trx, deps, deps.id, deps.active));
  return card(deps, deps.id);
}

/** Switches an introduction on or off inside the caller's transaction, audited as the buttons are. */
export async function setActiveIn(
  trx: Database,
  deps: { staffId: string; now: Date },
  id: string,
  active: boolean,
): Promise<void> {
  const changed = await adminIntroductionQueries.setActive(trx, id, active, deps.now);
  if (!changed) return;
  await audit(trx, deps, active ? 'introduction.activate' : 'introduction.deactivate', id);
  // switched on with a match: the owner has a suggestion to look at
  const row = active ? await adminIntroductionQueries.findIntroduction(trx, id) : undefined;
  if (row?.contact_id) await tell.matchSuggested(trx, { ownerId: row.owner_id, now: deps.now });
}

/** PATCH .../introduction/{id}/note: the consultant's note; blank clears it. */
export async function setIntroductionNote(
  deps: Deps & { id: string; note: string },
): Promise<TAdminIntroduction> {
  const note = deps.note.trim() === '' ? null : deps.note.trim();
  await deps.db.transaction().execute(async (trx) => {
    const changed = await adminIntroductionQueries.setNote(trx, deps.id, note, deps.now);
    if (changed) {
      await audit(trx, deps, 'introduction.note', deps.id, { before: changed.before, after: note });
    }
  });
  return card(deps, deps.id);
}

/**
 * POST .../introduction/{id}/suggestion: a member's contact reference suggested to the owner ('Code added'); it
 * must name someone the owner may be paired with (requirePairCandidate).
 */
export async function addIntroductionCode(
  deps: Deps & { id: string; code: string },
): Promise<TAdminIntroduction> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await adminIntroductionQueries.findIntroduction(trx, deps.id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await requirePairCandidate(trx, { ownerId: row.owner_id, code: deps.code });
    const added = await adminIntroductionQueries.addSuggestionCode(trx, {
      introductionId: deps.id,
      code: deps.code,
      createdBy: deps.staffId,
    });
    if (added) await audit(trx, deps, 'introduction.suggestion', deps.id, { code: deps.code });
  });
  return card(deps, deps.id);
}

/** DELETE .../introduction/{id}/suggestion/{code}: takes a code off ('Code removed'); 404 when it is not on it. */
export async function removeIntroductionCode(
  deps: Deps & { id: string; code: string },
): Promise<TAdminIntroduction> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await adminIntroductionQueries.findIntroduction(trx, deps.id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const removed = await adminIntroductionQueries.removeSuggestionCode(trx, {
      introductionId: deps.id,
      code: deps.code,
    });
    if (!removed)
      throw new AppError('NOT_FOUND', `The code ${deps.code} is not suggested on this introduction.`);
    await audit(trx, deps, 'introduction.suggestion_removed', deps.id, { code: deps.code });
  });
  return card(deps, deps.id);
}

/**
 * PATCH .../introduction/{id}/match: the consultant pairs the owner with a member, named by a (suggested) code or
 * by id. Refused while the introduction is requested or accepted (the members are acting on the current match); a
 * rejected one opens again for the new match. The same match again changes nothing and writes no second entry.
 */
export async function setIntroductionMatch(
  deps: Deps & { id: string; code?: string | undefined; userId?: string | undefined },
): Promise<TAdminIntroduction> {
  await deps.db
    .transaction()
    .execute((trx) =>
      setMatchIn(
        trx,
        deps,
        deps.id,
        deps.code !== undefined ? { code: deps.code } : { userId: deps.userId ?? '' },
      ),
    );
  return card(deps, deps.id);
}

/**
 * Sets an introduction's match inside the caller's transaction: the pairing rule (./pair-candidate.ts), refused
 * while the members are answering it, audited when it changes.
 */
export async function setMatchIn(
  trx: Database,
  deps: { staffId: string; now: Date },
  id: string,
  by: { code: string } | { userId: string },
): Promise<void> {
  const row = await adminIntroductionQueries.findIntroduction(trx, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  const member = await requirePairCandidate(trx, { ownerId: row.owner_id, ...by });
  if (row.require_verification && !(await verificationQueries.findIdentityVerifiedAt(trx, member.id)))
    throw new AppError('CONFLICT', VERIFICATION_REQUIRED);
  const result = await adminIntroductionQueries.setContact(trx, id, member.id, deps.now);
  if (!result) throw new AppError('NOT_FOUND', NOT_FOUND);
  const { before } = result;
  if (!result.changed && before.contact_id !== member.id) {
    throw new AppError(
      'CONFLICT',
      `This introduction is ${before.status}: its match cannot change while the members are answering it.`,
    );
  }
  if (result.changed) {
    await audit(trx, deps, 'introduction.match', id, {
      before: before.contact_id,
      after: member.id,
      code: member.contact_reference,
    });
  }
}

/** An introduction that requires verification refuses a member without the verified badge (decision 171). */
export const VERIFICATION_REQUIRED =
  'This member has not verified their identity, and this introduction requires verification.';

export interface IntroductionFormValues {
  min_age?: number | undefined;
  max_age?: number | undefined;
  min_height?: number | null | undefined;
  my_height?: number | null | undefined;
  state?: string | null | undefined;
  tribe?: string | null | undefined;
  city?: string | null | undefined;
  distant_relationship?: boolean | undefined;
  is_public?: boolean | undefined;
  require_verification?: boolean | undefined;
  details?: string | null | undefined;
  note?: string | null | undefined;
}

/**
 * POST admin/user-introductions/introduction/register/{id}: a consultant creates an introduction for an owner
 * (a member) from the 'Create introduction' form; it starts open and inactive until someone activates it.
 */
export async function registerIntroduction(
  deps: Deps & { ownerId: string; form: IntroductionFormValues },
): Promise<TAdminIntroduction> {
  const id = await deps.db
    .transaction()
    .execute((trx) => insertIntroductionFor(trx, deps, { ownerId: deps.ownerId, form: deps.form }));
  return card(deps, id);
}

/**
 * Inserts a new introduction for a member owner (the form's values or their defaults) and audits it, inside the
 * caller's transaction; its id.
 */
export async function insertIntroductionFor(
  trx: Database,
  deps: { staffId: string; now: Date },
  options: { ownerId: string; form: IntroductionFormValues },
): Promise<string> {
  const { form } = options;
  const owner = await adminIntroductionQueries.findUserForStaff(trx, options.ownerId);
  if (!owner || owner.role !== 'member') throw new AppError('NOT_FOUND', 'We could not find that member.');
  if (form.require_verification && !owner.identity_verified_at)
    throw new AppError('CONFLICT', VERIFICATION_REQUIRED);
  const created = await adminIntroductionQueries.insertIntroduction(trx, {
    owner_id: options.ownerId,
    created_by: deps.staffId,
    min_age: form.min_age ?? INTRODUCTION_DEFAULTS.minAge,
    max_age: form.max_age ?? INTRODUCTION_DEFAULTS.maxAge,
    min_height: form.min_height ?? null,
    my_height: form.my_height ?? null,
    state: form.state ?? null,
    tribe: form.tribe ?? null,
    city: form.city ?? null,
    distant_relationship: form.distant_relationship ?? INTRODUCTION_DEFAULTS.distantRelationship,
    is_public: form.is_public ?? false,
    require_verification: form.require_verification ?? false,
    details: form.details ?? null,
    note: form.note ?? null,
  });
  await audit(trx, deps, 'introduction.register', created.id, {
    owner_id: options.ownerId,
  });
  return created.id;
}

/**
 * The console's request box (POST user-introductions/{id}/request, the admin detail variant): a consultant sends
 * 'I am interested in {first name}' for the member they spoke to, named by contact reference. The member's own
 * rules hold (public and active introductions only, one request per member, first come first serve), and the
 * audit log records which consultant sent it.
 */
export async function requestOnBehalf(
  deps: Deps & { id: string; code: string; message: string },
): Promise<{ _id: string }> {
  const member = await matchQueries.findMemberIdByReference(deps.db, deps.code);
  if (!member) throw new AppError('NOT_FOUND', 'No member has this code.', { field: 'code' });
  const created = await requestPublicIntroduction({
    db: deps.db,
    now: deps.now,
    userId: member.id,
    role: 'member',
    introductionId: deps.id,
    message: deps.message,
  });
  await audit(deps.db, deps, 'introduction.request_on_behalf', deps.id, { requester_id: member.id });
  return { _id: created._id };
}
