// The typed client of packages/api-client is made from the api/v1 OpenAPI document: its committed document and
// types must be what the current REST table and procedures give, or the apps' developers build against a stale
// API. Regenerate with `pnpm --filter @rhema/api-client generate`.
import { readFile } from 'node:fs/promises';
import { documentText, generateTypes } from '@rhema/api-client/generate';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { API_CLIENT_DIR, API_CLIENT_FILES } from './write-api-client';

const REGENERATE = 'out of date: run `pnpm --filter @rhema/api-client generate`';

describe('packages/api-client matches the current OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('holds the document as the server serves it', async () => {
    const committed = await readFile(`${API_CLIENT_DIR}${API_CLIENT_FILES.document}`, 'utf8');
    expect(committed === documentText(document), `openapi.json is ${REGENERATE}`).toBe(true);
  });

  it('holds the types openapi-typescript makes of it', async () => {
    const committed = await readFile(`${API_CLIENT_DIR}${API_CLIENT_FILES.types}`, 'utf8');
    const fresh = await generateTypes(document);
    expect(committed === fresh, `src/schema.gen.ts is ${REGENERATE}`).toBe(true);
    // and a change of the document changes them (so the check above can fail)
    const changed = structuredClone(document) as { paths: Record<string, unknown> };
    delete changed.paths['/api/v1/calls'];
    expect(await generateTypes(changed)).not.toBe(fresh);
  });
});
