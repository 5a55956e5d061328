// The decline form's schema as a module of the web app's own, imported only with `import()` (MatchRequestQueue.tsx):
// the requests queue evaluates no schema (nor zod) as it loads, only when a decline note is first focused or sent.
export { ZAdminMatchRequestDecline } from '@rhema/schemas';
