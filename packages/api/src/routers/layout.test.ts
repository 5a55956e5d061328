import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One way per procedure: each in its own file, the domain's index.ts only joins them (README: where a thing lives).
const routersDir = import.meta.dirname;
const domains = readdirSync(routersDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const resolvers = (source: string) => source.match(/\.(query|mutation|subscription)\(/g)?.length ?? 0;

describe('routers', () => {
  it.each(domains)('%s: one procedure per file, joined in index.ts', (domain) => {
    const files = readdirSync(join(routersDir, domain)).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(files).toContain('index.ts');
    const counts = Object.fromEntries(
      files.map((file) => [file, resolvers(readFileSync(join(routersDir, domain, file), 'utf8'))]),
    );
    const expected = Object.fromEntries(files.map((file) => [file, file === 'index.ts' ? 0 : 1]));
    expect(counts).toEqual(expected);
  });
});
