// Rules that hold for the whole tree: a comment says why and cites only what a reader of this repository can
// open; no source file grows past 600 lines; a decision record stays short (60 lines at most).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every file of the work tree that git would commit: tracked ones and new ones not ignored. */
function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0').filter(Boolean))].filter((file) => existsSync(resolve(ROOT, file)));
}

const files = repoFiles();
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');
const GENERATED = /(?:^|\/)(?:[^/]+\.gen\.ts|routeTree\.gen\.ts|pnpm-lock\.yaml)$/;

/** A design file outside the repository (docs/security.md, lower case, is inside). */
const OUTSIDE_FILE = /\b(?:STYLE|SECURITY|ARCHITECTURE)\.md\b/;

// What a comment may not cite, each with the reason shown when it does. Written so that this file's own text
// does not match them.
const CITATIONS: readonly (readonly [RegExp, string])[] = [
  [/\bissues? ?#?\d/i, 'an issue number (say the rule instead)'],
  [/\bsession ?#?\d/i, 'a work session'],
  [/\bwork ?log\b/i, 'a work log'],
  [OUTSIDE_FILE, 'a design file outside the repository (docs/security.md is inside)'],
  [
    /\bspec(?:'s)? sections?\b|\bsections? \d|§/i,
    'a section of the product spec, which lives outside the repository',
  ],
  [/\bthe (?:product )?spec\b|\bspec's\b|\(spec:/i, 'the product spec, which lives outside the repository'],
];

/** The comment markers of each kind of file: the text after one is checked. */
function commentMarker(file: string): RegExp | null {
  if (/\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/.test(file)) return /\/\/|\/\*|^\s*\*/;
  if (/\.(?:sh|ya?ml)$/.test(file) || file === '.ci/run' || /(?:^|\/)Dockerfile$/.test(file))
    return /(?:^|\s)#/;
  return null;
}

/** `file:line: text` for each line whose comment cites something a reader cannot open. */
export function citationsIn(file: string, text: string): string[] {
  const marker = commentMarker(file);
  if (!marker) return [];
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const at = line.search(marker);
    if (at < 0) return;
    const comment = line.slice(at);
    for (const [pattern, what] of CITATIONS) {
      if (pattern.test(comment)) found.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
    }
  });
  return found;
}

describe('comments cite only what is in the repository', () => {
  it('finds a citation where there is one (the check can fail)', () => {
    const cited = ['// see iss', 'ue 12 for the limit'].join('');
    expect(citationsIn('a.ts', cited)).toHaveLength(1);
    expect(citationsIn('a.ts', ' * as STYLE' + '.md says')).toHaveLength(1);
    expect(citationsIn('a.ts', "const issues = list(3); // the product's paginator")).toEqual([]);
    expect(citationsIn('a.ts', '// the sp' + "ec's paginator")).toHaveLength(1);
  });

  it('no source comment cites an issue, a session, a work log, an outside file or a spec section', () => {
    const found = files
      .filter((file) => !GENERATED.test(file))
      .flatMap((file) => citationsIn(file, read(file)));
    expect(found).toEqual([]);
  });

  it('no source line names a design file outside the repository, in a comment or a test name', () => {
    const found = files
      .filter((file) => commentMarker(file) && !GENERATED.test(file))
      .flatMap((file) =>
        read(file)
          .split('\n')
          .flatMap((line, i) => (OUTSIDE_FILE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it('the README and docs/ tell no history by issue or session number', () => {
    const docs = files.filter((file) => file === 'README.md' || /^docs\/.*\.md$/.test(file));
    const found = docs.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) =>
          /\bissues? ?#?\d|\bsession ?#?\d/i.test(line) ? [`${file}:${i + 1}: ${line}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});

/** Files still over the limit while their split is under way; an entry must go once its file is short. */
const LONG_FOR_NOW: ReadonlySet<string> = new Set<string>();

describe('sizes', () => {
  const lineCounts = files
    .filter((file) => /\.(?:ts|tsx)$/.test(file) && !GENERATED.test(file))
    .map((file) => [file, read(file).split('\n').length - 1] as const);

  it('no TypeScript source file is over 600 lines (generated files aside)', () => {
    const long = lineCounts
      .filter(([file, lines]) => lines > 600 && !LONG_FOR_NOW.has(file))
      .map(([file, lines]) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('every file excused above is still over the limit (otherwise its entry goes)', () => {
    const short = [...LONG_FOR_NOW].filter((file) => (lineCounts.find(([f]) => f === file)?.[1] ?? 0) <= 600);
    expect(short).toEqual([]);
  });

  it('no decision record is over 60 lines', () => {
    const records = files.filter((file) => /^docs\/decisions\/[^/]+\.md$/.test(file));
    expect(records.length).toBeGreaterThan(0);
    const long = records
      .map((file) => [file, read(file).split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 60)
      .map(([file, lines]) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
