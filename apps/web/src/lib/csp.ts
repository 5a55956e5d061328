// The Content-Security-Policy forbids eval. zod compiles object parsers with `new Function` when it may, and merely
// probing for that is reported as a CSP violation (Lighthouse counts it against best practices): run it jitless.
// zod keeps its settings on globalThis.__zod_globalConfig (zod/v4/core/core.js) and adopts an object already there.
// Setting the flag directly, rather than calling zod's config(), keeps zod itself out of the entry chunk.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
