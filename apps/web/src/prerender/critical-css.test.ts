import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Beasties from 'beasties';
import { afterAll, describe, expect, it } from 'vitest';
import { classesOf, PageBeasties, usableRules } from './critical-css';

const dir = mkdtempSync(join(tmpdir(), 'critical-css-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CSS = [
  ':root{--a:1}',
  '*,:before{box-sizing:border-box}',
  '.card{padding:1px}',
  '.card .title,.other{margin:0}',
  '.missing{color:red}',
  ':where([data-scheme=dark]) .card:hover>.badge{color:blue}',
  '.panel:not(.missing){display:block}',
  ':is(.missing,.card) span{gap:0}',
  '.a\\:b{top:0}',
  '[data-x="{.missing}"] .card{left:0}',
  '@media (min-width:10em){.card{width:1px}.missing{width:2px}}',
  '@media print{.missing{display:none}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.spinner{animation:spin 1s}',
].join('');
writeFileSync(join(dir, 'app.css'), CSS);
writeFileSync(join(dir, 'unused.css'), '.nowhere{color:red}');

const BODY =
  '<div class="Card"><h2 class="title">T</h2><span class="badge">B</span></div><p class="panel">P</p><span>S</span>';
const page = (links: string[]) =>
  `<!doctype html><html><head>${links.map((href) => `<link rel="stylesheet" href="/${href}">`).join('')}</head>` +
  `<body>${BODY.replace('Card', 'card')}</body></html>`;
const options = {
  path: dir,
  publicPath: '/',
  preload: 'media' as const,
  noscriptFallback: false,
  pruneSource: false,
  reduceInlineStyles: false,
  compress: true,
  logLevel: 'silent' as const,
};

describe('usableRules', () => {
  it('keeps the rules whose classes the page has, in order, and every rule it cannot rule out', () => {
    const css = usableRules(join(dir, 'app.css'), classesOf(page([])));
    expect(css).toBe(
      [
        ':root{--a:1}',
        '*,:before{box-sizing:border-box}',
        '.card{padding:1px}',
        '.card .title,.other{margin:0}',
        ':where([data-scheme=dark]) .card:hover>.badge{color:blue}',
        '.panel:not(.missing){display:block}',
        ':is(.missing,.card) span{gap:0}',
        '.a\\:b{top:0}',
        '[data-x="{.missing}"] .card{left:0}',
        '@media (min-width:10em){.card{width:1px}}',
        '@keyframes spin{to{transform:rotate(1turn)}}',
      ].join(''),
    );
  });

  it('reads the classes of every element, whatever the quotes and the case', () => {
    expect([...classesOf(`<p class="a  B"><i class='c'><b class=d>`)]).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('PageBeasties', () => {
  it('inlines what Beasties inlines from the whole stylesheets', async () => {
    const html = page(['app.css', 'unused.css']);
    const ours = await new PageBeasties(options).process(html);
    expect(ours).toBe(await new Beasties(options).process(html));
    expect(ours).toContain('.card{padding:1px}');
    expect(ours).not.toContain('.missing{');
  });

  it('defers a stylesheet none of whose rules the page uses, as Beasties does', async () => {
    const ours = await new PageBeasties(options).process(page(['unused.css']));
    expect(ours).toContain(
      `<link rel="stylesheet" href="/unused.css" media="print" onload="this.media='all'">`,
    );
  });
});
