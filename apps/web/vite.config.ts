import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  colorSchemeBeforePaint,
  initialJsReport,
  precompress,
  prerender,
  themeStyleInDev,
} from './vite-plugins';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // must come before the React plugin; splits every route into its own chunk
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    colorSchemeBeforePaint(),
    themeStyleInDev(),
    precompress(),
    initialJsReport(),
    prerender(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
      // the development identity check and checkout pages, which answers link on this address
      // (apps/server/src/link-origin.ts)
      '/dev': apiTarget,
    },
  },
  build: {
    // a separate outDir lets parallel e2e runs keep their own build (WEB_OUT_DIR=dist-x)
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    sourcemap: true,
    reportCompressedSize: true,
    // no lists of chunks to preload at each dynamic import: the browser finds a page's chunks through their imports,
    // and appending dozens of <link>s as a server-drawn page hydrated was one long task (decision 201); Vite still
    // loads a page's CSS through its helper
    modulePreload: false,
    rolldownOptions: {
      // tRPC's client declares no sideEffects: unused parts (the WebSocket link's class) stayed in the entry chunk
      treeshake: {
        moduleSideEffects: [
          { test: /\/node_modules\/@trpc\/(client|tanstack-react-query)\//, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // the router in one chunk: Rolldown otherwise splits it into many small shared chunks that / loads
          // together, each compressed apart (about 2 KB gzip more); its SSR hydration (seroval, the query cache's
          // integration) with it
          groups: [
            {
              name: 'router',
              test: /\/node_modules\/(@tanstack\/(react-router|router-core|history|store|react-store|react-router-ssr-query|router-ssr-query-core)|seroval|seroval-plugins)\//,
            },
            // React alone: a chunk that changes only with React itself (and compresses better whole)
            { name: 'react', test: /\/node_modules\/(react|react-dom|scheduler)\// },
          ],
        },
      },
    },
  },
});
