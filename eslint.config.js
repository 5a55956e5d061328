import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Test code and what only tests, seeds and benchmarks run: test files, each package's test support (src/test/),
// the seed and bench packages, the e2e and performance scripts.
const TEST_CODE = ['**/*.test.{ts,tsx}', '**/src/test/**'];
const SEED_USERS = [...TEST_CODE, 'packages/seed/**', 'packages/bench/**', 'tests/**'];

// The layers' boundaries (README, "What runs where"), each a group of imports refused where it does not belong.
const TRPC_INTERNALS = { group: ['@trpc/*/unstable-*'], message: "Import from the package's entry point." };
const SEED = {
  group: ['@rhema/seed', '@rhema/seed/*'],
  message: 'Seed data is for tests, seeds and benchmarks only.',
};
const HTTP_IN_CORE = {
  group: ['@trpc/*', 'fastify', 'fastify-*', '@fastify/*'],
  message: 'Core has no HTTP and no tRPC: the api package and the server adapt it.',
};
const API_VALUES_IN_WEB = {
  group: ['@rhema/api', '@rhema/api/*'],
  allowTypeImports: true,
  message:
    'The web app takes only types from @rhema/api (`import type`): server code must not reach the bundle.',
};
const TRPC_PROXY_IN_WEB = {
  group: ['**/lib/trpc', './trpc'],
  importNames: ['trpc', 'trpcClient'],
  message:
    "Components reach the API through useTrpc() (lib/use-trpc.ts), loaders through the route's context.trpc.",
};
const REACT_LAZY_IN_WEB = {
  name: 'react',
  importNames: ['lazy'],
  message:
    "Use lazyPart (lib/lazy-part.ts): the server's render waits for its code instead of leaving it out.",
};
const TRPC_ERROR_IN_ROUTERS = {
  name: '@trpc/server',
  importNames: ['TRPCError'],
  message: 'Throw an AppError from @rhema/core: trpc.ts maps it.',
};

// Flat config replaces a rule's options per matching block, so each block lists every group that applies to it.
const boundaries = [
  { files: ['**/*.{js,mjs,ts,tsx}'], patterns: [TRPC_INTERNALS, SEED] },
  { files: SEED_USERS, patterns: [TRPC_INTERNALS] },
  { files: ['packages/core/**'], ignores: TEST_CODE, patterns: [TRPC_INTERNALS, SEED, HTTP_IN_CORE] },
  { files: TEST_CODE.map((glob) => `packages/core/${glob}`), patterns: [TRPC_INTERNALS, HTTP_IN_CORE] },
  {
    files: ['apps/web/**'],
    ignores: TEST_CODE,
    paths: [REACT_LAZY_IN_WEB],
    patterns: [TRPC_INTERNALS, SEED, API_VALUES_IN_WEB, TRPC_PROXY_IN_WEB],
  },
  // the one place React.lazy is called
  {
    files: ['apps/web/src/lib/lazy-part.ts'],
    patterns: [TRPC_INTERNALS, SEED, API_VALUES_IN_WEB, TRPC_PROXY_IN_WEB],
  },
  // the one place the router's context gets its tRPC options
  {
    files: ['apps/web/src/main.tsx'],
    paths: [REACT_LAZY_IN_WEB],
    patterns: [TRPC_INTERNALS, SEED, API_VALUES_IN_WEB],
  },
  { files: TEST_CODE.map((glob) => `apps/web/${glob}`), patterns: [TRPC_INTERNALS, API_VALUES_IN_WEB] },
  {
    files: ['packages/api/src/routers/**'],
    ignores: TEST_CODE,
    paths: [TRPC_ERROR_IN_ROUTERS],
    patterns: [TRPC_INTERNALS, SEED],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '.data/**',
      '.turbo/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/src/routeTree.gen.ts',
      'packages/db/src/schema.gen.ts',
      'packages/api-client/src/schema.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // migrations are typed Kysely<any> on purpose: they must not follow later schema changes
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // one way per procedure: `useCase({ ...useCaseDeps(ctx), input })`, errors as AppError (trpc.ts maps them)
    files: ['packages/api/src/routers/**/*.ts'],
    ignores: TEST_CODE,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='ctx'][property.name=/^(db|jobs|rateLimitStore|ip|userAgent|log)$/]",
          message: "Pass the use case's dependencies as `...useCaseDeps(ctx)`.",
        },
        {
          selector: "CallExpression[callee.object.name='ctx'][callee.property.name='now']",
          message: "Pass the use case's dependencies as `...useCaseDeps(ctx)` (one clock reading per call).",
        },
      ],
    },
  },
  {
    // the audit log has one writer (queries/audit.ts): its columns and the clock it takes are decided once
    files: ['packages/db/src/**/*.ts'],
    ignores: ['packages/db/src/queries/audit.ts', 'packages/db/src/migrations/**', ...TEST_CODE],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='insertInto'][arguments.0.value='audit_log']",
          message: 'Write audit entries with insertAudit (queries/audit.ts).',
        },
      ],
    },
  },
  ...boundaries.map(({ files, ignores, paths = [], patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] },
  })),
  {
    // type-aware rules on the packages' sources, tests included, as one program (tsconfig.lint.json): a program
    // per package would type the shared packages once for each of their users
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: './tsconfig.lint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['packages/db/src/migrations/**', 'packages/db/src/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          // Mantine's autosize measures layout as the field mounts
          selector: "JSXAttribute[name.name='autosize']",
          message: 'Use GrowingTextarea (components/GrowingTextarea.tsx): the browser sizes it.',
        },
      ],
    },
  },
);
