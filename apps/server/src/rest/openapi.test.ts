import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, procedureSchemas } from './openapi';
import { restRoutes } from './routes';

describe('REST table', () => {
  it.each(restRoutes.map((r) => [`${r.method} ${r.url}`, r.procedure] as const))(
    '%s calls an existing procedure (%s)',
    (_row, procedure) => {
      expect(procedureSchemas(procedure)).toBeDefined();
    },
  );

  it('has no path twice with the same method', () => {
    const keys = restRoutes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('documents every path with its input and output schemas', () => {
    const doc = buildOpenApiDocument();
    for (const route of restRoutes) {
      const path = `/api/v1${route.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
      expect(doc.paths[path]?.[route.method.toLowerCase()]).toBeDefined();
    }
    const faqs = doc.paths['/api/v1/faqs']?.get as {
      parameters: { name: string; schema: { enum?: string[] } }[];
    };
    expect(faqs.parameters).toContainEqual(
      expect.objectContaining({
        name: 'faq_type',
        schema: expect.objectContaining({ enum: ['faqs', 'points'] }),
      }),
    );
  });
});
