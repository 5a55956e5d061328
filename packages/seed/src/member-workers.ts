// Worker threads that generate members for the seed (demo.ts `workers`), so that on a machine with more than one
// core the generator, the seed's heaviest part, runs beside PostgreSQL's COPY instead of before it
// (docs/decisions/102-seed-worker-threads.md). Each batch depends only on its numbers (generateMemberBatch),
// so the rows are the same whichever thread makes them; results are taken back in batch order.
import { Worker } from 'node:worker_threads';
import type { CopyTable } from './bulk';
import type { ColumnTypes } from './copy-binary';
import type { Member, MemberContext } from './demo-members';

export interface MemberBatch {
  tables: CopyTable[];
  members: Member[];
  owners: boolean[];
}

export interface MemberWorkerData {
  now: number;
  passwordHash: string;
  questionIds: [string, number][];
  communityIds: [string, string][];
  /** What the COPY writer encodes each column as (copy-binary.ts). */
  columnTypes: ColumnTypes;
}

interface Job {
  id: number;
  resolve: (batch: MemberBatch) => void;
  reject: (error: unknown) => void;
}

/**
 * How to start a worker on member-worker: the JavaScript file when this package is built; from source (tsx, Vitest)
 * through tsx's API, since a worker thread is plain Node and loads no TypeScript by itself.
 */
function workerSource(): { script: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { script: new URL('./member-worker.js', import.meta.url), eval: false };
  const api = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./member-worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(worker)}, ${JSON.stringify(import.meta.url)}))`,
    eval: true,
  };
}

export class MemberWorkers {
  private readonly workers: { worker: Worker; jobs: Job[] }[];
  private nextId = 0;
  private failure: unknown = null;

  constructor(count: number, ctx: MemberContext, columnTypes: ColumnTypes) {
    const source = workerSource();
    const workerData: MemberWorkerData = {
      now: ctx.now.getTime(),
      passwordHash: ctx.passwordHash,
      questionIds: [...ctx.questionIds],
      communityIds: [...ctx.communityIds],
      columnTypes,
    };
    this.workers = Array.from({ length: Math.max(1, count) }, () => {
      const entry = {
        // the generator allocates millions of short-lived objects: a larger young generation scavenges less often
        worker: new Worker(source.script, {
          eval: source.eval,
          workerData,
          resourceLimits: { maxYoungGenerationSizeMb: 192 },
        }),
        jobs: [] as Job[],
      };
      entry.worker.on('message', (message: { id: number; batch?: MemberBatch; error?: string }) => {
        const job = entry.jobs.shift();
        if (!job || job.id !== message.id) return;
        if (message.batch) job.resolve(message.batch);
        else job.reject(new Error(`member worker: ${message.error ?? 'no batch'}`));
      });
      const failAll = (error: unknown) => {
        this.failure ??= error;
        for (const job of entry.jobs.splice(0)) job.reject(error);
      };
      entry.worker.on('error', failAll);
      entry.worker.on('exit', (code) => {
        if (code !== 0) failAll(new Error(`member worker exited with ${code}`));
      });
      return entry;
    });
  }

  /** Generates members start..end-1 on the least busy worker. */
  run(start: number, end: number): Promise<MemberBatch> {
    if (this.failure) return Promise.reject(this.failure);
    const entry = this.workers.reduce((a, b) => (b.jobs.length < a.jobs.length ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      entry.jobs.push({ id, resolve, reject });
      entry.worker.postMessage({ id, start, end });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}
