// One member worker (member-workers.ts): generates the batches it is sent and answers them as binary COPY.
import { parentPort, workerData } from 'node:worker_threads';
import type { DB } from '@rhema/db';
import type { CopyTable } from './bulk';
import { CopyEncoder } from './copy-binary';
import { batchTables } from './demo-batch';
import { generateMemberBatch, type Member, type MemberContext } from './demo-members';
import type { MemberBatch, MemberWorkerData } from './member-workers';

const data = workerData as MemberWorkerData;
const ctx: MemberContext = {
  now: new Date(data.now),
  passwordHash: data.passwordHash,
  questionIds: new Map(data.questionIds),
  communityIds: new Map(data.communityIds),
};

/**
 * Members made and encoded at a time: their rows are garbage before the young generation is next collected, where
 * a whole batch of rows kept until its end was copied by every scavenge on the way (decision 103).
 */
const SLICE = 25;

function encodeBatch(start: number, end: number): { answer: MemberBatch; transfer: ArrayBuffer[] } {
  const encoders = new Map<keyof DB, { encoder: CopyEncoder; rows: number }>();
  const members: Member[] = [];
  const owners: boolean[] = [];
  for (let from = start; from < end; from = Math.min(end, from + SLICE)) {
    const part = generateMemberBatch(ctx, from, Math.min(end, from + SLICE));
    for (const [table, rows] of batchTables(part.batch)) {
      let entry = encoders.get(table);
      if (!entry) {
        entry = { encoder: new CopyEncoder(data.columnTypes, table), rows: 0 };
        encoders.set(table, entry);
      }
      entry.encoder.add(rows);
      entry.rows += rows.length;
    }
    members.push(...part.members);
    owners.push(...part.owners);
  }
  const transfer: ArrayBuffer[] = [];
  const tables: CopyTable[] = [...encoders].map(([table, { encoder, rows }]) => {
    const groups = encoder.finish();
    for (const group of groups) transfer.push(group.bytes.buffer as ArrayBuffer);
    return [table, groups, rows];
  });
  return { answer: { tables, members, owners }, transfer };
}

parentPort?.on('message', ({ id, start, end }: { id: number; start: number; end: number }) => {
  try {
    const { answer, transfer } = encodeBatch(start, end);
    // each group's bytes own their ArrayBuffer: they move to the main thread, not copied
    parentPort?.postMessage({ id, batch: answer }, transfer);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.stack : String(error) });
  }
});
