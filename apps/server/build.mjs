// Bundles the server and the workspace packages it uses (TypeScript sources) into dist/index.js; third-party
// packages stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: `${process.env.SERVER_OUT_DIR ?? 'dist'}/index.js`,
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
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@rhema/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`built apps/server/${process.env.SERVER_OUT_DIR ?? 'dist'}/index.js`);
