import { config } from 'zod/v4/core';

// The Content-Security-Policy forbids eval. zod compiles object parsers with `new Function` when it may, and merely
// probing for that is reported as a CSP violation (Lighthouse counts it against best practices): turn it off.
config({ jitless: true });
