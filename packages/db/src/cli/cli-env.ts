import { resolve } from 'node:path';
import type { CreateDbOptions } from '../create-db';

// The CLI runs from packages/db (pnpm --filter); relative paths in the env are meant from the repo root.
export const repoRoot = resolve(import.meta.dirname, '../../../..');

export function dbOptionsFromEnv(): CreateDbOptions {
  const dataDir = process.env.PGLITE_DATA_DIR ?? '.data/pglite';
  return {
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDataDir: dataDir.startsWith('memory://') ? dataDir : resolve(repoRoot, dataDir),
  };
}

/** Runs a CLI body and turns a failure into one clear line and exit code 1, not a bare stack trace. */
export async function runCli(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    const err = error as Error & { code?: string };
    const hint =
      err.code === 'ECONNREFUSED'
        ? ` (is PostgreSQL running at ${process.env.DATABASE_URL?.replace(/\/\/[^@]*@/, '//***@')}?)`
        : '';
    console.error(`Error: ${err.message || String(error)}${hint}`);
    process.exitCode = 1;
  }
}
