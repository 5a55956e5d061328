import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// The profile visibility setting (docs/decisions/172-profile-visibility.md) in every list and lookup: the
// members list, a community's members, the member profile, friend requests, the public private-match lookup
// and the consultants' search.

describe('profile visibility: visible, hidden, paused', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  /** a member with a unique first name in Ghana, where nobody else of this file lives */
  async function member(first_name: string) {
    n += 1;
    return h.as('member', { email: `visibility-${n}@example.test`, first_name, country_code: 'GH' });
  }
  const listedNames = async (viewer: Awaited<ReturnType<typeof member>>) =>
    (await viewer.caller.members.list({ country_code: 'GH' })).data.map((p) => p.first_name);

  it('is visible by default, and the member sets it in their settings', async () => {
    const me = await member('Settingsone');
    expect(await me.caller.account.profile()).toMatchObject({
      profile_visibility: 'visible',
      is_profile_public: true,
    });
    expect(await me.caller.profile.setVisibility({ profile_visibility: 'paused' })).toEqual({
      profile_visibility: 'paused',
    });
    // a repeat sets the same
    await me.caller.profile.setVisibility({ profile_visibility: 'paused' });
    expect(await me.caller.account.profile()).toMatchObject({
      profile_visibility: 'paused',
      is_profile_public: false,
    });
    expect(
      (await rejection(me.caller.profile.setVisibility({ profile_visibility: 'gone' as 'hidden' }))).status,
    ).toBe(400);
  });

  it('keeps hidden and paused members out of the members list, the lookup and new requests', async () => {
    const viewer = await member('Lookerone');
    const shown = await member('Shownone');
    const hidden = await member('Hidetwo');
    const paused = await member('Pausetwo');
    await hidden.caller.profile.setVisibility({ profile_visibility: 'hidden' });
    await paused.caller.profile.setVisibility({ profile_visibility: 'paused' });

    expect(await listedNames(viewer)).toEqual(expect.arrayContaining(['Shownone']));
    expect(await listedNames(viewer)).not.toEqual(expect.arrayContaining(['Hidetwo']));
    expect(await listedNames(viewer)).not.toEqual(expect.arrayContaining(['Pausetwo']));

    // the profile page answers as for an unknown id, and so does a friend request or a request to the consultants
    await viewer.caller.members.get({ id: shown.user.id });
    for (const other of [hidden, paused]) {
      const unknown = await rejection(viewer.caller.members.get({ id: other.user.id }));
      expect(unknown).toMatchObject({ status: 404, message: 'We could not find that member.' });
      expect((await rejection(viewer.caller.friends.send({ user_id: other.user.id }))).status).toBe(404);
    }

    // the public private-match lookup: only the visible member's reference answers
    const anonymous = h.anonymous();
    await anonymous.match.lookup({ contact_reference: shown.user.contact_reference });
    for (const other of [hidden, paused]) {
      const lookup = await rejection(
        anonymous.match.lookup({ contact_reference: other.user.contact_reference }),
      );
      expect(lookup.status).toBe(404);
    }

    // visible again: listed again
    await paused.caller.profile.setVisibility({ profile_visibility: 'visible' });
    expect(await listedNames(viewer)).toEqual(expect.arrayContaining(['Pausetwo']));
  });

  it('lets friends keep a hidden profile, but not a paused one', async () => {
    const friend = await member('Friendone');
    const subject = await member('Subjectone');
    const sent = await friend.caller.friends.send({ user_id: subject.user.id });
    await subject.caller.friends.accept({ request_id: sent.request._id });

    await subject.caller.profile.setVisibility({ profile_visibility: 'hidden' });
    expect((await friend.caller.members.get({ id: subject.user.id })).profile.first_name).toBe('Subjectone');
    // other members never see the setting itself
    expect((await friend.caller.members.get({ id: subject.user.id })).profile).not.toHaveProperty(
      'profile_visibility',
    );

    await subject.caller.profile.setVisibility({ profile_visibility: 'paused' });
    expect((await rejection(friend.caller.members.get({ id: subject.user.id }))).status).toBe(404);
  });

  it('shows consultants every member in their search, marked with the visibility', async () => {
    const staff = await h.as('consultant');
    const hidden = await member('Zebhidden');
    const paused = await member('Zebpaused');
    const shown = await member('Zebshown');
    await hidden.caller.profile.setVisibility({ profile_visibility: 'hidden' });
    await paused.caller.profile.setVisibility({ profile_visibility: 'paused' });
    const page = await staff.caller.admin.search({ name: 'Zeb' });
    const byId = new Map(page.data.map((item) => [item._id, item.contact.profile_visibility]));
    expect(byId.get(hidden.user.id)).toBe('hidden');
    expect(byId.get(paused.user.id)).toBe('paused');
    expect(byId.get(shown.user.id)).toBe('visible');
  });
});
