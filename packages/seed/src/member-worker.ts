// One member worker (member-workers.ts): generates the batches it is sent and answers them as COPY text.
import { parentPort, workerData } from 'node:worker_threads';
import { copyGroups } from './bulk';
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
    const tables = batchTables(batch).map(([table, rows]) => [table, copyGroups(rows), rows.length] as const);
    const answer: MemberBatch = { tables, members, owners };
    parentPort?.postMessage({ id, batch: answer });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.stack : String(error) });
  }
});
