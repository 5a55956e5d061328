import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The live stream's call signals by recipient (docs/decisions/086-live-messages-catch-up.md): a stream that opens
// reads the newest signal addressed to its member, and one that reconnects the signals addressed to them after its
// position. Without it both read every signal kept (rings, answers and hang-ups of every call) to find one member's.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(db, `CREATE INDEX call_signals_recipient_idx ON call_signals (recipient_id, id)`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `DROP INDEX IF EXISTS call_signals_recipient_idx`);
}
