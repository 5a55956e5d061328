// One member worker (member-workers.ts): generates the batches it is sent and answers them as COPY text.
import { parentPort, workerData } from 'node:worker_threads';
import { copyGroups, copyGroupsAsBytes } from './bulk';
import { batchTables, generateMemberBatch, type MemberContext } from './demo';
import type { MemberBatch, MemberWorkerData } from './member-workers';

const data = workerData as MemberWorkerData;
const ctx: MemberContext = {
  now: new Date(data.now),
  passwordHash: data.passwordHash,
  questionIds: new Map(data.questionIds),
  communityIds: new Map(data.communityIds),
};

parentPort?.on('message', ({ id, start, end }: { id: number; start: number; end: number }) => {
  try {
    const { batch, members, owners } = generateMemberBatch(ctx, start, end);
    const transfer: ArrayBuffer[] = [];
    const tables = batchTables(batch).map(([table, rows]) => {
      const { groups, buffers } = copyGroupsAsBytes(copyGroups(rows));
      transfer.push(...buffers);
      return [table, groups, rows.length] as const;
    });
    const answer: MemberBatch = { tables, members, owners };
    // the COPY text moves to the main thread as bytes, not copied (a structured clone of strings was a tenth of
    // the seed's CPU on both sides)
    parentPort?.postMessage({ id, batch: answer }, transfer);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.stack : String(error) });
  }
});
