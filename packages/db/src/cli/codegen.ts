// Regenerates src/schema.gen.ts from the migrations: migrates a scratch database on the PostgreSQL server of
// TEST_DATABASE_URL (or DATABASE_URL), introspects it with kysely-codegen and drops it again.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { runCli } from './cli-env';
import { withScratchDatabase } from '../testing-pg';

export const GENERATED_FILE = resolve(import.meta.dirname, '../schema.gen.ts');

export async function generateSchemaTypes(serverUrl: string, outFile: string): Promise<void> {
  await withScratchDatabase(serverUrl, 'rhema_codegen', async (url) => {
    execFileSync(
      resolve(import.meta.dirname, '../../node_modules/.bin/kysely-codegen'),
      ['--dialect', 'postgres', '--url', url, '--out-file', outFile, '--date-parser', 'string'],
      { stdio: 'pipe', cwd: resolve(import.meta.dirname, '../..') },
    );
  });
}

if (process.argv[1] === import.meta.filename) {
  await runCli(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    if (!serverUrl)
      throw new Error('Set TEST_DATABASE_URL (a PostgreSQL server) to regenerate the schema types.');
    await generateSchemaTypes(serverUrl, GENERATED_FILE);
    console.log(`Wrote ${GENERATED_FILE}`);
  });
}
