// The search box's schema as a module of the web app's own, imported only with `import()` (ConsoleSearch.tsx): the
// barrel's re-export keeps the chunk to packages/schemas/src/console-search.ts and zod.
export { ZConsoleSearchRequest } from '@rhema/schemas';
