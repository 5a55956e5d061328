import { createPostgresRateLimitStore, hashPassword } from '@rhema/auth';
import { trainingQueries, type DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { jobHandlers } from '../jobs/handlers';
import { createJobQueue } from '../jobs/queue';
import { createMemoryMailer } from '../mail/mailer';
import { signUpForTraining } from '../training/sign-up-for-training';
import { terminateAccount } from './terminate-account';

const PASSWORD = 'correct horse battery staple';

describe('terminateAccount and the training early list', () => {
  let handle: DbHandle;
  let passwordHash: string;
  beforeAll(async () => {
    handle = await createTestDb();
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => handle.close());

  const deps = () => ({
    db: handle.db,
    jobs: createJobQueue({
      db: handle.db,
      mailer: createMemoryMailer(),
      handlers: jobHandlers,
      clock: () => new Date(),
      mode: 'inline',
    }),
    rateLimitStore: createPostgresRateLimitStore(handle.db),
    now: new Date(),
    ip: '203.0.113.40',
  });

  let references = 0;
  async function user(email: string, role: 'member' | 'consultant' = 'member') {
    references += 1;
    return handle.db
      .insertInto('users')
      .values({
        email,
        role,
        password_hash: passwordHash,
        first_name: 'Ada',
        gender: 'female',
        date_of_birth: '1994-05-01',
        country_code: 'GB',
        contact_reference: `ERASE${String(references).padStart(4, '0')}`,
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
  }

  /** signs up through the use case, so the address is stored the way a visitor's would be */
  async function signUp(email: string) {
    await signUpForTraining({
      db: handle.db,
      now: new Date('2026-03-02T09:00:00.000Z'),
      ip: `198.51.100.${references}`,
      signup: { first_name: 'Ada', email, topics: ['readiness'], consent: true },
    });
  }

  const listed = async (email: string) => trainingQueries.countTrainingSignups(handle.db, email);
  const findUser = (id: string) =>
    handle.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();

  it("erases the member's own signup, whatever case they typed it in, and leaves other addresses alone", async () => {
    const member = await user('ada.erase@example.test');
    await signUp('  Ada.Erase@Example.TEST ');
    await signUp('ada.erase@example.test.evil');
    await signUp('someone.else@example.test');
    expect(await listed('ada.erase@example.test')).toBe(1);

    await terminateAccount({ ...deps(), input: { userId: member.id, password: PASSWORD } });

    expect(await listed('ada.erase@example.test')).toBe(0);
    expect(await listed('ada.erase@example.test.evil')).toBe(1);
    expect(await listed('someone.else@example.test')).toBe(1);
    const gone = await findUser(member.id);
    expect(gone).toBeUndefined();
  });

  it('erasing a member who never signed up for training works as before', async () => {
    const member = await user('never.listed@example.test');
    await terminateAccount({ ...deps(), input: { userId: member.id, password: PASSWORD } });
    const gone = await findUser(member.id);
    expect(gone).toBeUndefined();
  });

  it('a refused erase (wrong password, staff account) keeps the signup', async () => {
    const member = await user('kept.member@example.test');
    const staff = await user('kept.staff@example.test', 'consultant');
    await signUp('kept.member@example.test');
    await signUp('kept.staff@example.test');

    await expect(
      terminateAccount({ ...deps(), input: { userId: member.id, password: 'not the password' } }),
    ).rejects.toThrow(AppError);
    await expect(
      terminateAccount({ ...deps(), input: { userId: staff.id, password: PASSWORD } }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });

    expect(await listed('kept.member@example.test')).toBe(1);
    expect(await listed('kept.staff@example.test')).toBe(1);
  });

  it('is one transaction: when deleting the user fails, the signup is still there', async () => {
    const member = await user('rolled.back@example.test');
    await signUp('rolled.back@example.test');
    // a failure after the signup's delete, inside the erase: a trigger refusing to delete this one user
    await sql`CREATE FUNCTION refuse_erase() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`.execute(handle.db);
    await sql`CREATE TRIGGER refuse_erase BEFORE DELETE ON users FOR EACH ROW
      WHEN (OLD.email = 'rolled.back@example.test') EXECUTE FUNCTION refuse_erase()`.execute(handle.db);
    try {
      await expect(
        terminateAccount({ ...deps(), input: { userId: member.id, password: PASSWORD } }),
      ).rejects.toThrow(/refused for the test/);
    } finally {
      await sql`DROP TRIGGER refuse_erase ON users`.execute(handle.db);
      await sql`DROP FUNCTION refuse_erase()`.execute(handle.db);
    }
    expect(await listed('rolled.back@example.test')).toBe(1);
    const still = await findUser(member.id);
    expect(still).toBeDefined();
  });
});
