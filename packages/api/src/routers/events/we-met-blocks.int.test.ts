import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent, seedEvent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// docs/security.md, F27: after C blocked A, both still saw each other among the event's attendees (photo, age,
// city, occupation, tribe answer), could name each other, and a mutual choice put a request between them in the
// consultants' queue. The attendee list, the choice and the request now respect blocks like every other list.

const HOUR = 3_600_000;

describe('"we met" and blocks (F27)', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  let n = 0;
  const member = (first_name: string) => h.as('member', { first_name, email: `we-met-${++n}@example.test` });

  async function attended(names: string[]) {
    const starts = new Date(h.clock.now.getTime() + 2 * HOUR);
    const id = await seedEvent(handle.db, {
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 2 * HOUR),
    });
    const staff = await h.as('consultant', { email: `we-met-staff-${++n}@example.test` });
    const guests = [];
    for (const name of names) {
      const guest = await member(name);
      await guest.caller.events.rsvp({ id });
      const code = (await guest.caller.events.get({ id })).my_rsvp!.check_in_code!;
      await staff.caller.adminEvents.checkIn({ id, code });
      guests.push(guest);
    }
    h.advance(5 * HOUR);
    const queue = async () =>
      (await staff.caller.admin.matchRequests({ status: 'open' })).data.filter((r) => r.event?._id === id);
    return { id, guests, queue };
  }

  it('a block hides each from the other in the attendee list, and neither may name the other', async () => {
    const { id, guests, queue } = await attended(['Ada', 'Bayo', 'Chioma']);
    const [ada, bayo, chioma] = guests as [(typeof guests)[0], (typeof guests)[0], (typeof guests)[0]];
    await chioma.caller.safety.block({ user_id: ada.user.id });
    const names = async (who: typeof ada) =>
      (await who.caller.events.meetAgain({ id })).attendees.map((a) => a.member.first_name).sort();
    expect(await names(ada)).toEqual(['Bayo']);
    expect(await names(chioma)).toEqual(['Bayo']);
    expect(await names(bayo)).toEqual(['Ada', 'Chioma']);
    for (const [from, to] of [
      [ada, chioma],
      [chioma, ada],
    ] as const) {
      expect(
        await rejection(from.caller.events.chooseMeetAgain({ id, user_ids: [to.user.id] })),
      ).toMatchObject({
        status: 400,
        field: 'user_ids',
      });
    }
    expect(await queue()).toEqual([]);
  });

  it('choices made before a block never pair the two afterwards', async () => {
    const { id, guests, queue } = await attended(['Dapo', 'Ebele']);
    const [dapo, ebele] = guests as [(typeof guests)[0], (typeof guests)[0]];
    await dapo.caller.events.chooseMeetAgain({ id, user_ids: [ebele.user.id] });
    await dapo.caller.safety.block({ user_id: ebele.user.id });
    // Ebele's list no longer holds Dapo, and a choice naming him is refused
    expect((await ebele.caller.events.meetAgain({ id })).attendees).toEqual([]);
    expect(
      (await rejection(ebele.caller.events.chooseMeetAgain({ id, user_ids: [dapo.user.id] }))).status,
    ).toBe(400);
    expect(await queue()).toEqual([]);
    // after an unblock, the two may meet again through it as before
    await dapo.caller.safety.unblock({ user_id: ebele.user.id });
    await ebele.caller.events.chooseMeetAgain({ id, user_ids: [dapo.user.id] });
    expect(await queue()).toHaveLength(1);
  });
});
