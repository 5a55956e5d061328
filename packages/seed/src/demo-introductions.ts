// The demo data set's introductions: a generated owner's introduction with its suggestion codes and requests,
// and the demo accounts' own introductions in every status (README "Demo accounts").
import type { DB, Database } from '@rhema/db';
import { INTRODUCTION_DEFAULTS, type Gender } from '@rhema/schemas';
import type { Insertable } from 'kysely';
import type { Batch, SeedDemoResult } from './demo-batch';
import { DEMO_SEED, INTRODUCTION_ID_EPOCH, INTRO_SEED, demoUserId, rowId } from './demo-ids';
import { DAY_MS, HOUR_MS, notAfter, type Member, type MemberContext, type MemberFacts } from './demo-members';
import type { IntroductionStatus } from './introductions';
import {
  CONSULTANT_NOTES,
  INTRODUCTION_DETAILS,
  INTRODUCTION_REQUEST_MESSAGES,
  REQUEST_MESSAGES,
  RESPONSE_MESSAGES_ACCEPTED,
  RESPONSE_MESSAGES_REJECTED,
  fill,
} from './people';
import { chance, int, mulberry32, mixSeed, pick, uuidV7From, type Rng } from './random';
import { contactReferenceFor } from './users';

// Status by introduction number, so that even a small data set holds every status: 5 open, 1 of each other.
const STATUS_CYCLE: readonly IntroductionStatus[] = [
  'open',
  'requested',
  'open',
  'accepted',
  'open',
  'rejected',
  'open',
  'open',
];

export interface Context extends MemberContext {
  consultantId: string;
  facts: MemberFacts;
  introductionCount: number;
  /** Suggestion codes made so far (their ids' ordinal). */
  codeCount: number;
  result: SeedDemoResult;
}

/** A member of the other gender, preferably within the age range. */
function pickPartner(
  facts: MemberFacts,
  rng: Rng,
  gender: Gender,
  minAge: number,
  maxAge: number,
): number | null {
  const pool = facts.pool[gender === 'male' ? 0 : 1];
  if (pool.length === 0) return null;
  let candidate = pick(rng, pool);
  for (let attempt = 0; attempt < 8; attempt++) {
    const age = facts.age[candidate] ?? 0;
    if (age >= minAge && age <= maxAge) return candidate;
    candidate = pick(rng, pool);
  }
  return candidate;
}

export function addIntroduction(
  ctx: Context,
  batch: Batch,
  owner: Member,
  forced?: Partial<Insertable<DB['introductions']>>,
  randomRequests = true,
): string {
  const rng = mulberry32(mixSeed(INTRO_SEED, ctx.introductionCount));
  const { facts } = ctx;
  const id = uuidV7From(INTRODUCTION_ID_EPOCH + ctx.introductionCount, rng);
  let status = STATUS_CYCLE[ctx.introductionCount % STATUS_CYCLE.length] ?? 'open';
  ctx.introductionCount++;

  const defaults = chance(rng, 0.15);
  const minAge = defaults
    ? INTRODUCTION_DEFAULTS.minAge
    : owner.gender === 'male'
      ? Math.max(18, owner.age - int(rng, 8, 14))
      : Math.max(18, owner.age - int(rng, 0, 3));
  const maxAge = defaults
    ? INTRODUCTION_DEFAULTS.maxAge
    : Math.max(minAge, owner.gender === 'male' ? owner.age + int(rng, 0, 3) : owner.age + int(rng, 6, 14));

  let prematched = status !== 'open' || chance(rng, 0.35);
  const contactIndex = prematched ? pickPartner(facts, rng, owner.gender, minAge, maxAge) : null;
  if (prematched && contactIndex === null) {
    prematched = false;
    status = 'open';
  }
  const contactName = contactIndex === null ? '' : (facts.firstName[contactIndex] ?? '');
  const isPublic = !prematched && chance(rng, 0.6);
  const isActive =
    status === 'open' ? chance(rng, 0.7) : status === 'rejected' ? chance(rng, 0.3) : chance(rng, 0.8);
  const createdAt = new Date(
    owner.createdAt.getTime() + rng() * Math.max(0, ctx.now.getTime() - owner.createdAt.getTime()) * 0.8,
  );
  const requestedAt =
    status === 'open' ? null : notAfter(ctx.now, createdAt.getTime() + int(rng, 1, 72) * HOUR_MS);
  const respondedAt =
    requestedAt && (status === 'accepted' || status === 'rejected')
      ? notAfter(ctx.now, requestedAt.getTime() + int(rng, 1, 48) * HOUR_MS)
      : null;
  const values = {
    first: owner.firstName,
    city: owner.city,
    min: minAge,
    max: maxAge,
    contact: contactName,
    occupation: owner.occupation.toLowerCase(),
    hobby: owner.hobby.toLowerCase(),
  };

  batch.introductions.push({
    id,
    owner_id: owner.id,
    contact_id: contactIndex === null ? null : demoUserId(contactIndex),
    created_by: ctx.consultantId,
    status,
    is_active: isActive,
    min_age: minAge,
    max_age: maxAge,
    min_height: chance(rng, 0.5)
      ? owner.gender === 'female'
        ? int(rng, 168, 182)
        : int(rng, 150, 165)
      : null,
    my_height: owner.height,
    state: owner.state,
    tribe: owner.tribe,
    city: owner.city,
    distant_relationship: chance(rng, 0.25),
    is_public: isPublic,
    details: chance(rng, 0.8) ? fill(pick(rng, INTRODUCTION_DETAILS), values) : null,
    note: chance(rng, 0.75) ? fill(pick(rng, CONSULTANT_NOTES), values) : null,
    request_message: requestedAt ? fill(pick(rng, REQUEST_MESSAGES), values) : null,
    response_message:
      status === 'accepted'
        ? pick(rng, RESPONSE_MESSAGES_ACCEPTED)
        : status === 'rejected'
          ? pick(rng, RESPONSE_MESSAGES_REJECTED)
          : null,
    requested_at: requestedAt,
    responded_at: respondedAt,
    created_at: createdAt,
    updated_at: respondedAt ?? requestedAt ?? createdAt,
    ...forced,
  });
  const finalStatus = (forced?.status ?? status) as IntroductionStatus;
  ctx.result.introductionsByStatus[finalStatus]++;
  ctx.result.introductions++;

  // suggestion codes: references of members the consultant thinks may suit the owner
  if (chance(rng, 0.35)) {
    const codes = new Set<string>();
    const wanted = int(rng, 1, 3);
    for (let attempt = 0; attempt < wanted * 2 && codes.size < wanted; attempt++) {
      const suggested = pickPartner(facts, rng, owner.gender, minAge, maxAge);
      if (suggested !== null && suggested !== contactIndex) codes.add(contactReferenceFor(suggested));
    }
    for (const code of codes) {
      batch.codes.push({
        id: rowId('code', ctx.codeCount++),
        introduction_id: id,
        code,
        created_by: ctx.consultantId,
      });
    }
  }

  // requests on public, active introductions: "I am interested in {first name}"
  const isPublicActive = (forced?.is_public ?? isPublic) && (forced?.is_active ?? isActive);
  if (isPublicActive && randomRequests) {
    const requesters = new Set<number>();
    const wanted = int(rng, 0, 4);
    for (let attempt = 0; attempt < wanted * 2 && requesters.size < wanted; attempt++) {
      const requester = pickPartner(facts, rng, owner.gender, minAge, maxAge);
      if (requester !== null && requester !== owner.index) requesters.add(requester);
    }
    for (const requester of requesters) addRequest(ctx, batch, rng, id, owner, requester, createdAt);
  }
  return id;
}

function addRequest(
  ctx: Context,
  batch: Batch,
  rng: Rng,
  introductionId: string,
  owner: Member,
  requester: number,
  after: Date,
): void {
  const { facts } = ctx;
  const message = fill(pick(rng, INTRODUCTION_REQUEST_MESSAGES), {
    contact: owner.firstName,
    occupation: (facts.occupation[requester] ?? 'professional').toLowerCase(),
    city: facts.city[requester] ?? 'London',
    hobby: (facts.hobby[requester] ?? 'reading').toLowerCase(),
  }).slice(0, 250);
  batch.requests.push({
    id: rowId('request', ctx.result.introductionRequests),
    introduction_id: introductionId,
    requester_id: demoUserId(requester),
    message,
    status: chance(rng, 0.3) ? 'presented' : 'pending',
    created_at: notAfter(ctx.now, after.getTime() + int(rng, 1, 240) * HOUR_MS),
  });
  ctx.result.introductionRequests++;
}

/** What the demo accounts' introductions need besides their rows (written once the introductions are). */
export interface DemoExtras {
  /** member's match with an active premium */
  premiumIntroductionId: string;
  /** member's accepted introduction: both phone numbers were released when it was accepted */
  accepted: { id: string; ownerId: string; contactId: string; at: Date };
}

/**
 * The demo accounts' own introductions (README "Demo accounts"), all made by the consultant:
 * - member@example.com owns one in every status (open with an active premium, so it can be requested; requested;
 *   accepted, phones released; rejected), a public one with member2's request on it, and has member2's request
 *   addressed to them waiting for an answer; it lands on its introductions after login;
 * - member2@example.com owns an open, pre-matched introduction and has no premium (requesting it answers 417), and a
 *   public one nobody has asked for yet.
 */
export function addDemoIntroductions(
  ctx: Context,
  batch: Batch,
  member: Member,
  member2: Member,
): DemoExtras {
  const rng = mulberry32(DEMO_SEED + 2);
  // a generated member of the other sex when there are any (`--members 0` has none: then the other demo member)
  const partnerOf = (owner: Member, fallback: Member) => {
    const index = pickPartner(ctx.facts, rng, owner.gender, 18, 75);
    return index === null || index === owner.index ? fallback.id : demoUserId(index);
  };
  const daysAgo = (days: number) => new Date(ctx.now.getTime() - days * DAY_MS);
  const unanswered = {
    requested_at: null,
    responded_at: null,
    request_message: null,
    response_message: null,
  };

  // open, pre-matched with member2, active, with member's premium for it: member can request it
  const premiumIntroductionId = addIntroduction(ctx, batch, member, {
    contact_id: member2.id,
    status: 'open',
    is_active: true,
    is_public: false,
    min_age: 30,
    max_age: 42,
    ...unanswered,
    note: 'Kemi and Tunde both attend church in South London and want to marry within two years. Call Kemi first.',
    details:
      'Looking for a God-fearing man who is settled in his career, loves family and is ready for marriage.',
  });
  // public and active: other members can ask to be introduced (member2 already did)
  const publicId = addIntroduction(ctx, batch, member, {
    contact_id: null,
    status: 'open',
    is_active: true,
    is_public: true,
    ...unanswered,
  });
  if (!batch.requests.some((r) => r.introduction_id === publicId && r.requester_id === member2.id)) {
    addRequest(ctx, batch, mulberry32(DEMO_SEED), publicId, member, member2.index, daysAgo(1));
  }
  // member asked, the other side has not answered yet
  addIntroduction(ctx, batch, member, {
    contact_id: partnerOf(member, member2),
    status: 'requested',
    is_active: true,
    is_public: false,
    requested_at: daysAgo(3),
    responded_at: null,
    request_message: 'Hello, our consultant thinks we would get on well. I would love to talk.',
    response_message: null,
  });
  // accepted: both see each other's phone number
  const acceptedAt = daysAgo(5);
  const acceptedContact = partnerOf(member, member2);
  const acceptedId = addIntroduction(ctx, batch, member, {
    contact_id: acceptedContact,
    status: 'accepted',
    is_active: true,
    is_public: false,
    requested_at: daysAgo(7),
    responded_at: acceptedAt,
    request_message: 'Hello, I read your profile and would like to be introduced.',
    response_message: 'Happy to talk, please call me in the evening.',
  });
  addIntroduction(ctx, batch, member, {
    contact_id: partnerOf(member, member2),
    status: 'rejected',
    is_active: false,
    is_public: false,
    requested_at: daysAgo(12),
    responded_at: daysAgo(11),
    request_message: 'Hello, I would like to be introduced.',
    response_message: '',
  });
  // member2 asked to be introduced to member: member can accept or reject it
  addIntroduction(ctx, batch, member2, {
    contact_id: member.id,
    status: 'requested',
    is_active: true,
    is_public: false,
    min_age: 27,
    max_age: 36,
    requested_at: daysAgo(2),
    responded_at: null,
    request_message:
      'Hello Kemi, our consultant told me about you and I would love to talk. I am based in London too.',
    response_message: null,
  });
  // member2's open, pre-matched introduction without premium: requesting it answers 417 (the premium flow)
  addIntroduction(ctx, batch, member2, {
    contact_id: partnerOf(member2, member),
    status: 'open',
    is_active: true,
    is_public: false,
    ...unanswered,
  });
  // member2's public introduction with no request yet: member can send one (e2e does)
  addIntroduction(
    ctx,
    batch,
    member2,
    { contact_id: null, status: 'open', is_active: true, is_public: true, ...unanswered },
    false,
  );
  return {
    premiumIntroductionId,
    accepted: { id: acceptedId, ownerId: member.id, contactId: acceptedContact, at: acceptedAt },
  };
}

/** member's active premium (confirmed by the consultant) and the phone releases of its accepted introduction. */
export async function writeDemoExtras(
  db: Database,
  ctx: Context,
  member: Member,
  extras: DemoExtras,
): Promise<void> {
  const activatedAt = new Date(ctx.now.getTime() - 4 * DAY_MS);
  await db
    .insertInto('subscriptions')
    .values({
      user_id: member.id,
      introduction_id: extras.premiumIntroductionId,
      plan: 'premium',
      status: 'active',
      provider: 'manual',
      provider_reference: `RP-${extras.premiumIntroductionId.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      created_at: new Date(activatedAt.getTime() - DAY_MS),
      activated_at: activatedAt,
      confirmed_by: ctx.consultantId,
    })
    .execute();
  const { id, ownerId, contactId, at } = extras.accepted;
  const fields = ['international_phone_number', 'account_email'];
  await db
    .insertInto('contact_disclosures')
    .values([
      { subject_id: ownerId, viewer_id: contactId, introduction_id: id, fields, disclosed_at: at },
      { subject_id: contactId, viewer_id: ownerId, introduction_id: id, fields, disclosed_at: at },
    ])
    .execute();
}
