import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
// by path, not by package name: Vite loads this config with Node, which runs no TypeScript from node_modules
import { COLOR_SCHEME_SCRIPT } from '../../packages/schemas/src/color-scheme';
import { build, type Plugin, type ViteDevServer } from 'vite';
import type { RenderManifest, RenderModule } from './src/prerender/contract';

/**
 * The budget, in KB gzip, of the JavaScript needed to show /: a fast first page on a phone. What only other pages
 * use stays out of it: tRPC's unused links and subscription hook, and the router is one chunk, not many small ones
 * (decision 191). tRPC's own subscription link sits in the entry with the client (~3 KB), in place of a copy of its
 * protocol (docs/decisions/227-trpc-subscription-link.md).
 */
export const INITIAL_JS_BUDGET_KB = 151;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
}

function writeCompressed(file: string, data: Buffer) {
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/**
 * Writes .br and .gz beside every compressible asset, so the server sends them as they are (no compression work
 * per request) and with the strongest settings.
 */
export function precompress(): Plugin {
  return {
    name: 'rhema:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|svg|html|json|txt)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const data = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (data.length < 1024) continue;
        writeCompressed(join(dir, file.fileName), data);
      }
    },
  };
}

/** The route files of the pages that parse nothing as they load (their forms, if any, are behind a press). */
export const ZOD_FREE_PAGES =
  /\/src\/routes\/(account\/(index|introductions|profile|messages\.index|messages\.\$userId)|communities\/index|events\/index|members\/(index|\$memberId)|admin21\/(route|index|reports|requests|events\/index|users\/index|introductions\/(index|users\/index)))\.tsx\?/;
const isZod = (id: string) => /\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zod\//.test(id);

/**
 * Prints (and writes to initial-js.json) the JavaScript the browser needs before / can render: the entry chunk,
 * everything it imports statically (index.html preloads those), and the home route's lazy component chunk with
 * its own static imports. Sizes are gzip level 9, as served.
 */
export function initialJsReport(): Plugin {
  return {
    name: 'rhema:initial-js',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
      /** The chunks loaded with these, through their static imports (added to `into`). */
      const withImports = (fileNames: string[], into = new Set<string>()) => {
        const visit = (fileName: string) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        fileNames.forEach(visit);
        return into;
      };
      const routeOf = (chunk: ChunkLike) =>
        chunk.moduleIds.find((id) => /\/src\/routes\/.*\?tsr-split/.test(id));
      const home = [...chunks.values()].find((chunk) =>
        chunk.moduleIds.some((id) => /src\/routes\/index\.tsx\?tsr-split=component/.test(id)),
      );
      const needed = withImports([
        ...[...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
        ...(home ? [home.fileName] : []),
      ]);
      // The admin console's code (its route components, features/admin) must never reach a public page's bundles.
      // Its route definitions (path, guard, title) are part of the route tree, in the entry, by design.
      const isAdmin = (id: string) =>
        /\/src\/routes\/admin21\/.*\?tsr-split/.test(id) || /\/src\/features\/admin\//.test(id);
      const publicRoutes = [...chunks.values()].filter((chunk) => {
        const route = routeOf(chunk);
        return route && !isAdmin(route) && !/\/src\/routes\/(account|auth)\//.test(route);
      });
      const publicClosure = withImports(
        publicRoutes.map((chunk) => chunk.fileName),
        new Set(needed),
      );
      const adminInPublic = [...publicClosure].filter((fileName) =>
        (chunks.get(fileName)?.moduleIds ?? []).some(isAdmin),
      );
      /** The route files (`dir/file.tsx`) picked by `isRoute` whose chunks, with their static imports, load a module
       * `loads` matches. */
      const routesLoading = (isRoute: (route: string) => boolean, loads: (id: string) => boolean) => [
        ...new Set(
          [...chunks.values()].flatMap((chunk) => {
            const route = routeOf(chunk);
            if (!route || !isRoute(route)) return [];
            const loaded = withImports([chunk.fileName]);
            return [...loaded].some((fileName) => chunks.get(fileName)?.moduleIds.some(loads))
              ? [route.replace(/.*\/src\/routes\//, '').replace(/\?.*/, '')]
              : [];
          }),
        ),
      ];
      // A page outside the console never builds the console's schemas: zod builds every schema of a module as it
      // loads, on the page's main thread (a badge's label once pulled them onto /members and /account)
      const isConsoleSchema = (id: string) =>
        /\/packages\/schemas\/src\/(admin|console|console-query|console-search)\.ts$/.test(id);
      const consoleSchemasOutside = routesLoading((route) => !isAdmin(route), isConsoleSchema);
      // Pages that parse nothing as they load build no schema and do not evaluate zod at all: the library alone is
      // tens of ms of a phone's main thread (docs/decisions/205-fewer-schemas-on-first-screen.md). Each route
      // file's chunks are checked with their static imports, the console's frame (admin21/route.tsx) as one.
      const zodOnZodFreePages = routesLoading((route) => ZOD_FREE_PAGES.test(route), isZod);
      const files = [...needed].map((fileName) => ({
        file: fileName,
        gzipBytes: gzipSync(Buffer.from(chunks.get(fileName)?.code ?? ''), { level: 9 }).length,
      }));
      files.sort((a, b) => b.gzipBytes - a.gzipBytes);
      const totalKb = files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
      const report = {
        route: '/',
        totalKb: Number(totalKb.toFixed(1)),
        budgetKb: INITIAL_JS_BUDGET_KB,
        adminInPublic,
        files,
      };
      writeFileSync(join(options.dir ?? 'dist', 'initial-js.json'), `${JSON.stringify(report, null, 2)}\n`);
      const verdict = totalKb <= INITIAL_JS_BUDGET_KB ? 'within' : 'OVER';
      console.log(
        `\ninitial JS of /: ${totalKb.toFixed(1)} KB gzip in ${files.length} files (${verdict} the ${INITIAL_JS_BUDGET_KB} KB budget)`,
      );
      for (const f of files.slice(0, 6))
        console.log(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
      console.log(
        adminInPublic.length
          ? `admin console code IS in public bundles: ${adminInPublic.join(', ')}`
          : 'admin console code: not in the entry nor in any public route chunk',
      );
      // both are promises of the public site: a build that breaks them fails, rather than a number nobody
      // reads
      if (totalKb > INITIAL_JS_BUDGET_KB)
        this.error(
          `initial JS of / is ${totalKb.toFixed(1)} KB gzip, over the ${INITIAL_JS_BUDGET_KB} KB budget`,
        );
      if (adminInPublic.length) this.error('the admin console code reached a public bundle');
      if (consoleSchemasOutside.length)
        this.error(
          `pages outside the console load the console's schemas: ${consoleSchemasOutside.join(', ')}`,
        );
      if (zodOnZodFreePages.length)
        this.error(`pages that parse nothing as they load evaluate zod: ${zodOnZodFreePages.join(', ')}`);
    },
  };
}

/**
 * The light/dark scheme is set before the first paint by a tiny inline script first in <head> (its text and why:
 * packages/schemas/src/color-scheme.ts), in index.html and so in every prerendered and server-rendered page.
 */
export function colorSchemeBeforePaint(): Plugin {
  return {
    name: 'rhema:color-scheme-before-paint',
    transformIndexHtml: () => [{ tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/**
 * The theme's CSS in index.html under the dev server too (the build writes it with the prerendered pages,
 * prerender() below): the app's Mantine provider writes none (src/lib/mantine-provider.tsx).
 */
export function themeStyleInDev(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'rhema:theme-style-in-dev',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer;
    },
    async transformIndexHtml(html) {
      if (!server) return html;
      const { THEME_STYLE } = (await server.ssrLoadModule('/src/lib/theme-css.ts')) as {
        THEME_STYLE: string;
      };
      return html.replace('</head>', () => `${THEME_STYLE}</head>`);
    },
  };
}

/** What the server needs beside render.js to render pages per request (apps/server/src/routes/server-rendered.ts). */
export const SSR_MANIFEST = 'manifest.json';

/**
 * Builds the server-side renderer (src/prerender/render.tsx, with its dependencies, into <outDir>-ssr/render.js)
 * and with it pre-renders the public pages that are the same for everyone into <outDir>/prerendered/<page>.html,
 * which the server sends instead of the empty index.html: the first paint and search engines need no JavaScript.
 * The server keeps using render.js for the public pages whose content is in the database.
 */
export function prerender(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let isSsrBuild = false;
  // route file -> the stylesheets its page needs (the route chunk's and those of its static imports)
  const routeCss = new Map<string, string[]>();
  // the cookie banner's stylesheets (its chunk's), for pages the server draws with the banner (decision 141)
  let consentCss: string[] = [];
  return {
    name: 'rhema:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      isSsrBuild = Boolean(config.build.ssr);
    },
    writeBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike & { viteMetadata?: { importedCss: Set<string> } }>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
      const cssOf = (fileName: string, seen = new Set<string>()): string[] => {
        if (seen.has(fileName)) return [];
        seen.add(fileName);
        const chunk = chunks.get(fileName);
        return [
          ...(chunk?.viteMetadata?.importedCss ?? []),
          ...(chunk?.imports ?? []).flatMap((imported) => cssOf(imported, seen)),
        ];
      };
      for (const chunk of chunks.values()) {
        const route = chunk.moduleIds
          .map((id) => /\/src\/routes\/([^?]+)\.tsx\?tsr-split=component/.exec(id)?.[1])
          .find(Boolean);
        if (route) routeCss.set(route, [...new Set(cssOf(chunk.fileName))]);
        if (chunk.moduleIds.some((id) => id.includes('/src/features/consent/run-consent.ts')))
          consentCss = [...new Set(cssOf(chunk.fileName))];
      }
    },
    async closeBundle() {
      if (isSsrBuild) return;
      const ssrOut = `${outDir}-ssr`;
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        plugins: [
          tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
          react(),
        ],
        // one self-contained file: the server's production install has none of the web app's packages
        ssr: { noExternal: true },
        // React's production build, as in the browser's bundle, whatever NODE_ENV the server runs with (tests run it
        // with NODE_ENV=test): the markup the app hydrates is drawn by the same React, at production speed
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: 'src/prerender/render.tsx',
          outDir: ssrOut,
          emptyOutDir: true,
          rolldownOptions: { output: { codeSplitting: false } },
        },
      });
      const render = (await import(pathToFileURL(join(ssrOut, 'render.js')).href)) as RenderModule;
      // the theme's CSS in index.html, the app shell and the template of every page the server sends
      const template = readFileSync(join(outDir, 'index.html'), 'utf8').replace(
        '</head>',
        () => `${render.THEME_STYLE}</head>`,
      );
      writeFileSync(join(outDir, 'index.html'), template);
      writeCompressed(join(outDir, 'index.html'), Buffer.from(template));
      const options = {
        template,
        webDir: outDir,
        routeCss: Object.fromEntries(routeCss),
        consentCss,
      };
      // each page built once, with the CSP hashes of its inline scripts (the router's state): the server sends them
      // with the page, which cannot carry a per-request nonce (docs/decisions/220-tanstack-router-ssr.md)
      const scriptHashes: Record<string, string[]> = {};
      const writePage = (file: string, html: string) => {
        writeFileSync(join(outDir, file), html);
        writeCompressed(join(outDir, file), Buffer.from(html));
        scriptHashes[file] = render.inlineScriptHashes(html);
      };
      mkdirSync(join(outDir, 'prerendered'), { recursive: true });
      for (const path of render.PRERENDERED_PATHS)
        writePage(
          `prerendered/${path === '/' ? 'index' : path.slice(1)}.html`,
          await render.renderDocument(path, options),
        );
      // the server answers an address no route matches with 404 and this page (apps/server/src/routes/known-pages.ts)
      writePage('not-found.html', await render.renderDocument(render.NOT_FOUND_SAMPLE_PATH, options));
      const manifest: RenderManifest = {
        template: options.template,
        routeCss: options.routeCss,
        consentCss,
        serverRenderedPaths: [...render.SERVER_RENDERED_PATHS],
        searchRenderedPaths: [...render.SEARCH_RENDERED_PATHS],
        signedInRenderedPaths: render.signedInRoutePaths(),
        consentCookieName: render.CONSENT_COOKIE,
        scriptHashes,
      };
      writeFileSync(join(ssrOut, SSR_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      writeFileSync(join(outDir, 'routes.json'), `${JSON.stringify(render.routePaths(), null, 2)}\n`);
      // the server sends a signed-out request for one of these to the login page (apps/server/src/routes/pages.ts)
      writeFileSync(
        join(outDir, 'signed-in-routes.json'),
        `${JSON.stringify(render.signedInRoutePaths(), null, 2)}\n`,
      );
      console.log(
        `prerendered ${render.PRERENDERED_PATHS.length} public pages into ${outDir}/prerendered; server renderer in ${ssrOut}`,
      );
    },
  };
}
