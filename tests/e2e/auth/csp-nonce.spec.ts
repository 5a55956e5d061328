// A page rendered for one request runs only the scripts the server wrote for that request: each answer has its own
// CSP nonce, on the router's scripts and in the header; a prerendered page allows its own scripts by their hashes
// (docs/decisions/220-tanstack-router-ssr.md).
import { expect, test, type Page } from '@playwright/test';
import { gotoApp, loginByApi, registerByApi } from './helpers';

/** The nonce the answer's CSP allows scripts by (script-src), and the policy's script-src. */
function policyOf(header: string | undefined) {
  const scriptSrc = /script-src ([^;]*)/.exec(header ?? '')?.[1] ?? '';
  return { scriptSrc, nonce: /'nonce-([^']+)'/.exec(scriptSrc)?.[1] };
}

/** Every CSP violation the page reports, as the browser describes it. */
async function violationsOf(page: Page) {
  const seen: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return seen;
}

test('two requests for the same signed-in page carry different nonces, each on its own scripts and in its CSP', async ({
  page,
}) => {
  const member = await registerByApi(page.request, 'csp-nonce');
  await loginByApi(page, member.email, member.password);
  const [first, second] = [await page.request.get('/account'), await page.request.get('/account')];
  const answers = await Promise.all(
    [first!, second!].map(async (res) => {
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
      // the router's inline scripts (its state, the query cache): every one carries the nonce
      const inline = scripts.filter(
        (attributes) => !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes),
      );
      return { policy: policyOf(res.headers()['content-security-policy']), html, inline };
    }),
  );
  for (const { policy, html, inline } of answers) {
    expect(html).toContain('$_TSR');
    expect(policy.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy.scriptSrc).not.toContain('unsafe-inline');
    // the colour-scheme script first in <head> is allowed by its hash; every other inline script by the nonce
    const withNonce = inline.filter((attributes) => attributes.includes(`nonce="${policy.nonce}"`));
    expect(withNonce.length).toBeGreaterThan(0);
    expect(withNonce.length).toBe(inline.length - 1);
  }
  expect(answers[0]!.policy.nonce).not.toBe(answers[1]!.policy.nonce);
});

test('Chromium runs the page’s own scripts and refuses an inline script without the nonce', async ({
  page,
}) => {
  const member = await registerByApi(page.request, 'csp-refused');
  await loginByApi(page, member.email, member.password);
  const violations = await violationsOf(page);
  const response = await gotoApp(page, '/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the router's scripts ran (they remove themselves as they do) and the app hydrated: nothing was refused
  await expect(page.locator('script[data-tsr-stream-part]')).toHaveCount(0);
  expect(violations).toEqual([]);
  const { nonce } = policyOf(response?.headers()['content-security-policy']);
  const ran = await page.evaluate(async (nonce) => {
    const run = (attributes: Record<string, string>, flag: string) => {
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
      script.textContent = `window.${flag} = true`;
      document.body.append(script);
    };
    run({}, 'withoutNonce');
    run({ nonce: 'not-this-one' }, 'wrongNonce');
    run({ nonce: nonce! }, 'withNonce');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const flags = window as unknown as Record<string, boolean | undefined>;
    return { without: flags.withoutNonce, wrong: flags.wrongNonce, with: flags.withNonce };
  }, nonce);
  expect(ran).toEqual({ without: undefined, wrong: undefined, with: true });
  await expect.poll(() => violations.filter((v) => v.startsWith('script-src-elem inline')).length).toBe(2);
});

test('a prerendered page runs its own inline scripts by their hashes, and nothing else inline', async ({
  page,
}) => {
  const violations = await violationsOf(page);
  const response = await gotoApp(page, '/');
  const { scriptSrc, nonce } = policyOf(response?.headers()['content-security-policy']);
  expect(nonce).toBeUndefined();
  expect(scriptSrc).toMatch(/'sha256-/);
  await expect(page.locator('script[data-tsr-stream-part]')).toHaveCount(0);
  expect(violations).toEqual([]);
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injected?: boolean }).injected;
  });
  expect(ran).toBeUndefined();
});
