import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// src/mantine.css imports Mantine's styles per component: a component used without its styles renders unstyled,
// and styles out of Mantine's order can override each other the wrong way. Both are caught here.
const SRC = import.meta.dirname;
const require = createRequire(import.meta.url);
let mantineDir = dirname(require.resolve('@mantine/core'));
while (!existsSync(join(mantineDir, 'styles.css'))) mantineDir = dirname(mantineDir);
const stylesDir = join(mantineDir, 'styles');

const imported = [
  ...readFileSync(join(SRC, 'mantine.css'), 'utf8').matchAll(
    /@import '@mantine\/core\/styles\/([\w-]+)\.css';/g,
  ),
].map((match) => match[1]!);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every name the app imports from @mantine/core that has a stylesheet of its own. */
function componentsWithStyles(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'@mantine\/core'/g,
    )) {
      for (const raw of match[1]!.split(',')) {
        const name = raw.replace(/^\s*type\s+/, '').trim();
        if (name && existsSync(join(stylesDir, `${name}.css`))) names.add(name);
      }
    }
  }
  return names;
}

describe('Mantine styles per component (src/mantine.css)', () => {
  it('imports the global styles first, as Mantine requires', () => {
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('has the styles of every component the app imports from @mantine/core', () => {
    const used = componentsWithStyles();
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !imported.includes(name))).toEqual([]);
  });

  it("keeps Mantine's own order (that of @mantine/core/styles.css)", () => {
    const all = readFileSync(join(mantineDir, 'styles.css'), 'utf8');
    const position = (name: string) => {
      const start = readFileSync(join(stylesDir, `${name}.css`), 'utf8')
        .trim()
        .slice(0, 200);
      return all.indexOf(start);
    };
    for (const name of imported) expect(position(name), name).toBeGreaterThanOrEqual(0);
    const sorted = [...imported].sort((a, b) => position(a) - position(b));
    expect(imported).toEqual(sorted);
  });
});
