import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateSchemaTypes } from './cli/codegen';
import { testDbKind } from './test/databases';

// The DB types are generated from a migrated PostgreSQL; this fails when a migration changed the schema and
// `pnpm --filter @rhema/db codegen` was not run.
describe.runIf(testDbKind() === 'postgres')('generated schema types', () => {
  it('match the migrations', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'rhema-codegen-')), 'schema.gen.ts');
    await generateSchemaTypes(process.env.TEST_DATABASE_URL!, out);
    expect(await readFile(out, 'utf8')).toBe(await readFile(GENERATED_FILE, 'utf8'));
    // a migrated scratch database and kysely-codegen's own process: 1.4 s alone, over the default 20 s while the
    // whole suite loads a 2-core host
  }, 90_000);
});
