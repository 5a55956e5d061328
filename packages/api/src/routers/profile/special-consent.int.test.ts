import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// The special-category consent (docs/security.md target 13, docs/decisions/083-special-category-consent.md):
// faith, ethnicity and tribe are kept and shown only while it stands; withdrawing deletes them in one transaction.
describe('special-category consent', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  const give = { text_version: SPECIAL_CATEGORY_CONSENT.textVersion };
  const form = {
    first_name: 'Ngozi',
    height_cm: 170,
    answers: { religion: 'Christian', tribe: 'Igbo', occupation: 'Pharmacist' },
  };

  async function consentRows(userId: string) {
    return handle.db
      .selectFrom('user_consents')
      .select(['purpose', 'text_version', 'granted_at', 'withdrawn_at'])
      .where('user_id', '=', userId)
      .orderBy('granted_at')
      .execute();
  }
  async function answerKeys(userId: string) {
    const rows = await handle.db
      .selectFrom('profile_answers')
      .innerJoin('profile_questions', 'profile_questions.id', 'profile_answers.question_id')
      .select('profile_questions.key')
      .where('profile_answers.user_id', '=', userId)
      .orderBy('profile_questions.key')
      .execute();
    return rows.map((r) => r.key);
  }
  async function auditOf(userId: string) {
    return handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id', 'details'])
      .where('actor_id', '=', userId)
      .where('action', 'like', 'consent.%')
      .orderBy('id')
      .execute();
  }

  it('lists faith, ethnicity and tribe as the questions it covers, with the text and its version', async () => {
    const { caller } = await h.as('member', { special_category_consent: false });
    const state = await caller.profile.specialConsent();
    expect(state).toEqual({
      consented: false,
      text: SPECIAL_CATEGORY_CONSENT.text,
      text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
      granted_at: null,
      granted_text_version: null,
      questions: [
        { key: 'religion', hint: 'Religion' },
        { key: 'ethnicity', hint: 'Ethnicity' },
        { key: 'tribe', hint: 'Tribe' },
      ],
    });
    // and the editor offers none of them yet
    const keys = (await caller.profile.editor()).questions.map((q) => q.key);
    for (const key of ['religion', 'ethnicity', 'tribe']) expect(keys).not.toContain(key);
  });

  it('records who gave it, when and to which text; a repeat records nothing more', async () => {
    const { caller, user } = await h.as('member', { special_category_consent: false });
    expect(await rejection(caller.profile.update(form))).toMatchObject({
      status: 403,
      field: 'answers.religion',
    });

    const given = await caller.profile.giveSpecialConsent(give);
    expect(given).toMatchObject({
      consented: true,
      granted_at: h.clock.now.toISOString(),
      granted_text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
    });
    h.advance(60_000);
    expect(await caller.profile.giveSpecialConsent(give)).toEqual(given);
    const rows = await consentRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: SPECIAL_CATEGORY_CONSENT.purpose,
      text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
      withdrawn_at: null,
    });
    expect(new Date(rows[0]!.granted_at).toISOString()).toBe(given.granted_at);
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({
        action: 'consent.granted',
        target_id: user.id,
        details: expect.objectContaining({ text_version: SPECIAL_CATEGORY_CONSENT.textVersion }),
      }),
    ]);
    // now the answers are kept and the editor shows the questions
    const saved = await caller.profile.update(form);
    expect(saved.questions).toContainEqual({ key: 'tribe', hint: 'Tribe', answer: 'Igbo' });
  });

  it('refuses consent to a text the member was not shown, naming the field', async () => {
    const { caller, user } = await h.as('member', { special_category_consent: false });
    const refused = await rejection(
      // @ts-expect-error -- an older text version on purpose
      caller.profile.giveSpecialConsent({ text_version: '2020-01' }),
    );
    expect(refused).toMatchObject({ status: 400, field: 'text_version' });
    expect(await consentRows(user.id)).toEqual([]);
  });

  it('shows the answers to other members and staff only while the consent stands', async () => {
    const subject = await h.as('member', { special_category_consent: false, first_name: 'Chidi' });
    const other = await h.as('member', { special_category_consent: false });
    const staff = await h.as('consultant');
    const seen = async () => {
      const page = await other.caller.members.get({ id: subject.user.id });
      const staffView = await staff.caller.admin.user({ userId: subject.user.id });
      return { member: page.profile, staff: staffView.data };
    };

    // without consent nothing can be stored, so nothing is shown
    let view = await seen();
    for (const profile of [view.member, view.staff]) {
      expect(profile).not.toHaveProperty('data_religion');
      expect(profile).not.toHaveProperty('data_tribe');
    }

    await subject.caller.profile.giveSpecialConsent(give);
    await subject.caller.profile.update(form);
    view = await seen();
    for (const profile of [view.member, view.staff]) {
      expect(profile).toMatchObject({
        data_religion: { answer: 'Christian' },
        data_tribe: { answer: 'Igbo', user_data_question: { hint: 'Tribe' } },
      });
    }

    // withdrawal: the answers are gone from the database, not only hidden; the rest of the profile stays
    h.advance(3_600_000);
    const withdrawn = await subject.caller.profile.withdrawSpecialConsent();
    expect(withdrawn).toMatchObject({ consented: false, granted_at: null });
    expect(await answerKeys(subject.user.id)).toEqual(['occupation']);
    const rows = await consentRows(subject.user.id);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.withdrawn_at!).toISOString()).toBe(h.clock.now.toISOString());
    view = await seen();
    for (const profile of [view.member, view.staff]) {
      expect(profile).not.toHaveProperty('data_religion');
      expect(profile).not.toHaveProperty('data_tribe');
      expect(profile).toMatchObject({ data_occupation: { answer: 'Pharmacist' } });
    }
    const editor = await subject.caller.profile.editor();
    expect(editor.questions.map((q) => q.key)).not.toContain('tribe');
    expect(await rejection(subject.caller.profile.update(form))).toMatchObject({
      status: 403,
      field: 'answers.religion',
    });

    // a repeat changes nothing and audits nothing; giving again starts a new record
    expect(await subject.caller.profile.withdrawSpecialConsent()).toEqual(withdrawn);
    expect((await auditOf(subject.user.id)).map((a) => a.action)).toEqual([
      'consent.granted',
      'consent.withdrawn',
    ]);
    expect((await auditOf(subject.user.id))[1]!.details).toMatchObject({ answers_deleted: 2 });
    await subject.caller.profile.giveSpecialConsent(give);
    expect(await consentRows(subject.user.id)).toHaveLength(2);
    expect(await answerKeys(subject.user.id)).toEqual(['occupation']);
  });

  it('withdraws the seeded consent of a member who answered, whatever question was special', async () => {
    const { caller, user } = await h.as('member', {
      answers: { religion: 'Muslim', ethnicity: 'Black African', tribe: 'Hausa', hobbies: 'Chess' },
    });
    expect((await caller.profile.specialConsent()).consented).toBe(true);
    await caller.profile.withdrawSpecialConsent();
    expect(await answerKeys(user.id)).toEqual(['hobbies']);
  });

  it('gives one live consent when asked twice at once', async () => {
    const { caller, user } = await h.as('member', { special_category_consent: false });
    await Promise.all([caller.profile.giveSpecialConsent(give), caller.profile.giveSpecialConsent(give)]);
    const live = (await consentRows(user.id)).filter((r) => r.withdrawn_at === null);
    expect(live).toHaveLength(1);
  });

  it('is for signed-in members only', async () => {
    expect(await rejection(h.anonymous().profile.specialConsent())).toMatchObject({ status: 401 });
    expect(await rejection(h.anonymous().profile.giveSpecialConsent(give))).toMatchObject({ status: 401 });
    expect(await rejection(h.anonymous().profile.withdrawSpecialConsent())).toMatchObject({ status: 401 });
  });
});
