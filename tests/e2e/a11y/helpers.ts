import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

/** The builder's own axe-core source. */
const AXE_SOURCE = (() => {
  const builder = createRequire(import.meta.url).resolve('@axe-core/playwright');
  return (createRequire(builder)('axe-core') as { source: string }).source;
})();

/**
 * axe evaluated once in each frame of the page, and the builder given a script that does nothing in its place: the
 * builder sends its source to every frame twice an analysis, and each copy sent (even one guarded to do nothing)
 * cost the page ~30 ms to parse and the test ~50 ms on the pipe (bench/results/test-command.md).
 */
async function axeInEveryFrame(page: Page) {
  for (const frame of page.frames())
    if (await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'undefined'))
      await frame.evaluate(AXE_SOURCE);
}
const AXE_ALREADY_THERE = ';';

/** Of axe's rules, those whose verdict depends on colours: all a second scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Waits until what is on screen has stopped moving: every finite animation and transition has ended and every open
 * dialog (with its ancestors) is fully opaque. axe weighs colours through opacity, so a Mantine modal caught in its
 * fade-in fails colour contrast that the settled dialog passes (a CI run failed so on the block dialog). Endless
 * animations (a loader, a skeleton) are left running.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() => {
    const moving = document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    if (moving) return false;
    for (const dialog of document.querySelectorAll('[role="dialog"]'))
      for (let el: Element | null = dialog; el; el = el.parentElement)
        if (getComputedStyle(el).opacity !== '1') return false;
    return true;
  });
}

/** Waits for the page's next two frames: what a render or a resize scheduled is drawn by then. */
export async function framesDrawn(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * axe's verdict on the page once it has settled, against WCAG 2.1 A and AA. `violationsOnly`: the other result
 * types carry one node per rule instead of every node (axe's `resultTypes`: less work on a long page).
 */
export async function axeResults(page: Page, rules?: string[], violationsOnly = false) {
  await settled(page);
  await axeInEveryFrame(page);
  // legacy mode: axe runs in the page itself instead of gathering its frames' results in a new blank page per
  // analysis (half the cost of a run); the app embeds no cross-origin frame, the one thing it would miss
  const builder = new AxeBuilder({ page, axeSource: AXE_ALREADY_THERE })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (violationsOnly) builder.options({ resultTypes: ['violations'] });
  return (rules ? builder.withRules(rules) : builder).analyze();
}

/**
 * axe's serious and critical findings (colour contrast included) on the page as it is now; with `coloursOnly`,
 * those of the colour rules alone (the same page in its other scheme).
 */
export async function seriousViolations(page: Page, coloursOnly = false): Promise<string[]> {
  const results = await axeResults(page, coloursOnly ? COLOUR_RULES : undefined, true);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The scheme Mantine (or the script in <head>) has set on <html>. */
export function schemeOf(page: Page) {
  return page.locator('html').getAttribute('data-mantine-color-scheme');
}

/**
 * axe on the page as it is now in the light scheme, then (the system switching to dark, which the app follows at
 * once) its colour rules in the dark; each finding labelled `what (scheme)`.
 */
export async function axeInBothSchemes(page: Page, what: string): Promise<string[]> {
  const findings: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => schemeOf(page)).toBe(scheme);
    for (const finding of await seriousViolations(page, scheme === 'dark'))
      findings.push(`${what} (${scheme}): ${finding}`);
  }
  return findings;
}

/**
 * A page of the app with a route pattern ('/members/$memberId') and the first link on a visited page that reaches
 * it: each page is found by following the product's own links, as a member would.
 */
export interface RoutePage {
  route: string;
  /** tested against a link's whole href, query string included */
  matches: RegExp;
  /** a page no link leads to, the same screen as another under a second address: that page's URL + suffix */
  aliasOf?: { route: string; suffix: string };
  /** what the page shows once it has settled after its first paint (axe runs on that state, not before it) */
  settled?: (page: Page) => Locator;
}

/** A window size the pages are checked at. */
export interface Viewport {
  name: string;
  viewport: { width: number; height: number };
}

/** The app's own links on the page as it is drawn now (each href as written, query string included). */
export function linksOnPage(page: Page): Promise<string[]> {
  return page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
}

/**
 * Visits every page in `pages`, starting at the first, each found through a link on a page already visited (or as
 * the alias of one): opens it at `viewport` in the light scheme, waits until it has settled, and hands it to
 * `check`, which answers the links it saw there (linksOnPage, at each size it looked at). Answers the routes it
 * could not reach.
 */
export async function walkPages(
  page: Page,
  pages: readonly RoutePage[],
  start: string,
  viewport: Viewport['viewport'],
  check: (url: string) => Promise<Iterable<string>>,
): Promise<string[]> {
  const found = new Map<string, string>([[pages[0]!.route, start]]);
  const done = new Set<string>();
  for (;;) {
    const next = pages.find((p) => found.has(p.route) && !done.has(p.route));
    if (!next) break;
    done.add(next.route);
    const url = found.get(next.route)!;
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url);
    await expect(page.locator('html.hydrating')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (next.settled) await expect(next.settled(page)).toBeVisible();
    const hrefs = [...(await check(url))];
    for (const p of pages) {
      if (found.has(p.route)) continue;
      const href = p.aliasOf
        ? found.get(p.aliasOf.route) && `${found.get(p.aliasOf.route)}${p.aliasOf.suffix}`
        : hrefs.find((h) => p.matches.test(h));
      if (href) found.set(p.route, href);
    }
  }
  return pages.filter((p) => !done.has(p.route)).map((p) => p.route);
}

/**
 * Visits every page in `pages` (walkPages); on each, at every size in `viewports` (the window resized, the page
 * not loaded again), axe in the light scheme, then (the system switching to dark, which the app follows at once)
 * its colour rules in the dark. Answers the routes it could not reach.
 */
export async function axeEveryPageInBothSchemes(
  page: Page,
  pages: readonly RoutePage[],
  start: string,
  viewports: readonly Viewport[],
): Promise<{ findings: string[]; unreached: string[] }> {
  const findings: string[] = [];
  const unreached = await walkPages(page, pages, start, viewports[0]!.viewport, async (url) => {
    const hrefs = new Set<string>();
    for (const [index, { name, viewport }] of viewports.entries()) {
      if (index > 0) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: 'light' });
        // what the app draws for this width (a media query read in a component) is drawn by the next frames
        await framesDrawn(page);
      }
      findings.push(...(await axeInBothSchemes(page, `${url} at ${name}`)));
      for (const href of await linksOnPage(page)) hrefs.add(href);
    }
    return hrefs;
  });
  return { findings, unreached };
}
