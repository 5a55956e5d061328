import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web build's prerendered public pages (apps/web/vite-plugins.ts: <dist>/prerendered/<page>.html): a page
 * request for one of them gets its file, relative to the web root; any other page gets index.html.
 */
export function prerenderedPages(webDistDir: string): (url: string) => string | undefined {
  const dir = join(webDistDir, 'prerendered');
  const pages = new Set(
    existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.html'))
          .map((file) => file.slice(0, -'.html'.length))
      : [],
  );
  return (url) => {
    const path = url.split(/[?#]/)[0] ?? '/';
    const name = path === '/' ? 'index' : path.replace(/^\/+|\/+$/g, '');
    return /^[a-z0-9-]+$/.test(name) && pages.has(name) ? `prerendered/${name}.html` : undefined;
  };
}
