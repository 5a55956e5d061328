/**
 * The clock. Use cases never read the time themselves: they take `now` in their options (tests move it, and one
 * request sees one instant). This is the one place the system time is read, for the server's context
 * (packages/api/src/context.ts) and for infrastructure outside a request (the file mailer).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
