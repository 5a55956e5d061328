// Beasties parses every stylesheet it inlines from into a postcss tree per render, which for the app's 160 KB of CSS
// was most of a render's CPU and garbage: it is given only the rules whose classes the page has, split once per file.
import { readFileSync } from 'node:fs';
import Beasties from 'beasties';

/** A top-level piece of a stylesheet, as written in it. */
type Block =
  /** a style rule: per selector, the classes an element of the page must have for it to match */
  | { kind: 'rule'; text: string; selectors: string[][] }
  /** @media, @supports, @layer, @container: kept when a rule inside is */
  | { kind: 'group'; open: string; children: Block[] }
  /** anything else (@keyframes, @font-face, a comment, @import): left for Beasties to decide */
  | { kind: 'other'; text: string };

const GROUP_AT_RULES = new Set(['media', 'supports', 'layer', 'container']);

/** The index after the string or comment that starts at i, or i itself when none does. */
function skipQuoted(css: string, i: number): number {
  const c = css[i];
  if (c === '"' || c === "'") {
    let at = i + 1;
    while (at < css.length && css[at] !== c) at += css[at] === '\\' ? 2 : 1;
    return at + 1;
  }
  if (c === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length : end + 2;
  }
  return i;
}

/** The index of the first of `stops` at i or after it that is outside strings, comments, (…) and […]. */
function scanTo(css: string, i: number, end: number, stops: string): number {
  let depth = 0;
  while (i < end) {
    const skipped = skipQuoted(css, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = css[i]!;
    if (depth === 0 && stops.includes(c)) return i;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    i++;
  }
  return end;
}

/** The index of the } closing the { at open. */
function blockEnd(css: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end;) {
    const at = scanTo(css, i, end, '{}');
    if (at >= end) return end;
    depth += css[at] === '{' ? 1 : -1;
    if (depth === 0) return at;
    i = at + 1;
  }
  return end;
}

/**
 * The classes an element of the page must have for the selector to match: those outside any pseudo-class's
 * parentheses (:not(.a), :is(.a, .b) need none). A class with an escape in its name is not counted (the page's
 * markup spells it differently).
 */
function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length;) {
    const c = selector[i]!;
    const skipped = skipQuoted(selector, i);
    if (skipped !== i) i = skipped;
    else if (c === '\\') i += 2;
    else if (c === '[') i = scanTo(selector, i + 1, selector.length, ']') + 1;
    else if (c === '(' || c === ')') {
      depth = Math.max(0, depth + (c === '(' ? 1 : -1));
      i++;
    } else if (c === '.' && depth === 0) {
      const name = /^[-\w\u0080-\uffff]+/.exec(selector.slice(i + 1))?.[0] ?? '';
      i += 1 + name.length;
      if (name && selector[i] !== '\\') classes.push(name.toLowerCase());
    } else i++;
  }
  return classes;
}

function parseBlocks(css: string, start: number, end: number): Block[] {
  const blocks: Block[] = [];
  let i = start;
  while (i < end) {
    while (i < end && /\s/.test(css[i]!)) i++;
    if (i >= end) break;
    if (css.startsWith('/*', i)) {
      const after = skipQuoted(css, i);
      blocks.push({ kind: 'other', text: css.slice(i, after) });
      i = after;
      continue;
    }
    const stop = scanTo(css, i, end, '{;}');
    if (stop >= end || css[stop] !== '{') {
      // a statement (@import, @layer a, b;) or a stray }: as it is
      blocks.push({ kind: 'other', text: css.slice(i, Math.min(stop + 1, end)) });
      i = stop + 1;
      continue;
    }
    const close = blockEnd(css, stop, end);
    const prelude = css.slice(i, stop).trim();
    const atRule = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
    if (atRule && GROUP_AT_RULES.has(atRule))
      blocks.push({
        kind: 'group',
        open: css.slice(i, stop + 1),
        children: parseBlocks(css, stop + 1, close),
      });
    else if (atRule) blocks.push({ kind: 'other', text: css.slice(i, close + 1) });
    else {
      const selectors: string[][] = [];
      for (let from = 0; from <= prelude.length;) {
        const comma = scanTo(prelude, from, prelude.length, ',');
        selectors.push(requiredClasses(prelude.slice(from, comma)));
        from = comma + 1;
      }
      blocks.push({ kind: 'rule', text: css.slice(i, close + 1), selectors });
    }
    i = close + 1;
  }
  return blocks;
}

/** The blocks a page with these classes may use, in the stylesheet's order; the others match nothing in it. */
function usable(blocks: Block[], classes: ReadonlySet<string>): string {
  let css = '';
  for (const block of blocks) {
    if (block.kind === 'other') css += block.text;
    else if (block.kind === 'rule') {
      if (block.selectors.some((needs) => needs.every((name) => classes.has(name)))) css += block.text;
    } else {
      const inner = usable(block.children, classes);
      if (inner) css += `${block.open}${inner}}`;
    }
  }
  return css;
}

/** The classes on the elements of an HTML document, lower-cased (a superset of what Beasties matches). */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi))
    for (const name of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/))
      if (name) classes.add(name.toLowerCase());
  return classes;
}

// By file: the build's stylesheets have hashed names, so a file's content never changes under its name; as many
// entries as the build has stylesheets.
const parsed = new Map<string, Block[]>();

/** A stylesheet's blocks, read and split once per file. */
function stylesheetBlocks(filename: string): Block[] {
  let blocks = parsed.get(filename);
  if (!blocks) {
    const css = readFileSync(filename, 'utf8');
    blocks = parseBlocks(css, 0, css.length);
    parsed.set(filename, blocks);
  }
  return blocks;
}

/** The stylesheet without the rules that cannot match a page with these classes (none of them is critical). */
export function usableRules(filename: string, classes: ReadonlySet<string>): string {
  return usable(stylesheetBlocks(filename), classes);
}

/** Beasties for one document, reading every stylesheet through usableRules. */
export class PageBeasties extends Beasties {
  #classes = new Set<string>();

  override async process(html: string): Promise<string> {
    this.#classes = classesOf(html);
    return super.process(html);
  }

  override readFile(filename: string): string {
    // never empty: Beasties leaves the <link> of an empty stylesheet blocking the first paint
    return usableRules(filename, this.#classes) || '/* none of its rules */';
  }
}
