// Signing a demo account in over the mobile REST path, for the benchmarks that measure a signed-in page or call.

/** The demo accounts a benchmark signs in as (packages/seed's demo set). */
export const DEMO_ACCOUNTS = { member: 'member@example.com', admin: 'admin@example.com' } as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'rhema-demo-2024';

/**
 * The session token of `email` (a demo account, the demo password); it is the browser's session cookie value too.
 * `forwardedFor`: the client address the server sees (it trusts its proxy in the benchmarks), so that the sign-in
 * is not counted against the address that sends the measured load.
 */
export async function demoToken(base: string, email: string, forwardedFor?: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token)
    throw new Error(`could not sign ${email} in: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}
