// Bundles the server and the workspace packages it uses (TypeScript sources) into dist/index.js, and the tracing
// set-up loaded before it (src/telemetry.ts) into dist/telemetry.js. Third-party
// packages stay external and load from apps/server/node_modules at run time, so each one must be a dependency
// of @rhema/server: the build fails naming any that is not (rather than the server failing at start).
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { build } from 'esbuild';

const outDir = process.env.SERVER_OUT_DIR ?? 'dist';
const { dependencies = {} } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const missing = new Map();

const packageName = (path) =>
  path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];

await build({
  entryPoints: ['src/index.ts', 'src/telemetry.ts'],
  outdir: outDir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-third-party',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@rhema/')) return undefined;
          if (isBuiltin(args.path)) return { path: args.path, external: true };
          const name = packageName(args.path);
          // type-only imports are erased by esbuild and never reach here
          if (!(name in dependencies)) missing.set(name, args.importer);
          return { path: args.path, external: true };
        });
      },
    },
  ],
});

if (missing.size) {
  for (const [name, importer] of missing) {
    console.error(`apps/server: "${name}" (imported by ${importer}) must be a dependency of @rhema/server`);
  }
  process.exit(1);
}
console.log(`built apps/server/${outDir}/index.js and telemetry.js`);
