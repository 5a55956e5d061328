// `pnpm --filter @rhema/api-client generate`: writes the api/v1 OpenAPI document and the typed client's types
// (openapi-typescript) into packages/api-client, after a change of the REST table or of a procedure's schemas.
// api-client.test.ts fails while they are out of date.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { documentText, generateTypes } from '@rhema/api-client/generate';
import { buildOpenApiDocument } from './openapi';

export const API_CLIENT_DIR = fileURLToPath(new URL('../../../../packages/api-client/', import.meta.url));
export const API_CLIENT_FILES = { document: 'openapi.json', types: 'src/schema.gen.ts' } as const;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const document = buildOpenApiDocument();
  await writeFile(`${API_CLIENT_DIR}${API_CLIENT_FILES.document}`, documentText(document));
  await writeFile(`${API_CLIENT_DIR}${API_CLIENT_FILES.types}`, await generateTypes(document));
  console.info(`wrote ${API_CLIENT_FILES.document} and ${API_CLIENT_FILES.types} in ${API_CLIENT_DIR}`);
}
