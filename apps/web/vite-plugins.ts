import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The budget of issue 4: JavaScript needed to show / at most 150 KB gzip. */
export const INITIAL_JS_BUDGET_KB = 150;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
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
        writeFileSync(join(dir, `${file.fileName}.gz`), gzipSync(data, { level: 9 }));
        writeFileSync(
          join(dir, `${file.fileName}.br`),
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

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
      const needed = new Set<string>();
      const add = (fileName: string) => {
        if (needed.has(fileName)) return;
        needed.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) add(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) add(chunk.fileName);
      const home = [...chunks.values()].find((chunk) =>
        chunk.moduleIds.some((id) => /src\/routes\/index\.tsx\?tsr-split=component/.test(id)),
      );
      if (home) add(home.fileName);
      // The admin console's code (its route components, features/admin) must never reach a public page's bundles.
      // Its route definitions (path, guard, title) are part of the route tree, in the entry, by design.
      const isAdmin = (id: string) =>
        /\/src\/routes\/admin21\/.*\?tsr-split/.test(id) || /\/src\/features\/admin\//.test(id);
      const publicClosure = new Set(needed);
      const addPublic = (fileName: string) => {
        if (publicClosure.has(fileName)) return;
        publicClosure.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) addPublic(imported);
      };
      for (const chunk of chunks.values()) {
        const route = chunk.moduleIds.find((id) => /\/src\/routes\/.*\?tsr-split/.test(id));
        if (route && !isAdmin(route) && !/\/src\/routes\/(account|auth)\//.test(route)) {
          for (const imported of chunk.imports) addPublic(imported);
          addPublic(chunk.fileName);
        }
      }
      const adminInPublic = [...publicClosure].filter((fileName) =>
        (chunks.get(fileName)?.moduleIds ?? []).some(isAdmin),
      );
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
    },
  };
}
