import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { linkOriginFor, publicOriginWarning } from './link-origin';

describe('linkOriginFor', () => {
  const linkOrigin = linkOriginFor({ publicOrigin: 'http://localhost:3000' });

  it("answers the request's own origin on this machine's names, whatever the port", () => {
    expect(linkOrigin({ protocol: 'http', host: '127.0.0.1:3202' })).toBe('http://127.0.0.1:3202');
    expect(linkOrigin({ protocol: 'http', host: 'localhost:5173' })).toBe('http://localhost:5173');
    expect(linkOrigin({ protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3000');
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal);
    if (lan)
      expect(linkOrigin({ protocol: 'http', host: `${lan.address}:3000` })).toBe(
        `http://${lan.address}:3000`,
      );
  });

  it('answers PUBLIC_ORIGIN for any other host, and for what is not a host', () => {
    expect(linkOrigin({ protocol: 'http', host: 'evil.example' })).toBe('http://localhost:3000');
    expect(linkOrigin({ protocol: 'https', host: 'localhost.evil.example' })).toBe('http://localhost:3000');
    expect(linkOrigin({ protocol: 'http', host: 'a b/c' })).toBe('http://localhost:3000');
    expect(linkOrigin({ protocol: 'javascript', host: 'localhost' })).toBe('http://localhost:3000');
  });

  it('answers the public origin itself, behind a proxy too', () => {
    const behindProxy = linkOriginFor({ publicOrigin: 'https://rhema.example/' });
    expect(behindProxy({ protocol: 'https', host: 'rhema.example' })).toBe('https://rhema.example');
    expect(behindProxy({ protocol: 'http', host: 'rhema.example' })).toBe('https://rhema.example');
  });

  it('in production, answers PUBLIC_ORIGIN whatever a proxy passes as the Host', () => {
    const production = linkOriginFor({ publicOrigin: 'https://rhema.example', production: true });
    expect(production({ protocol: 'http', host: 'localhost:3000' })).toBe('https://rhema.example');
    expect(production({ protocol: 'http', host: '127.0.0.1:3000' })).toBe('https://rhema.example');
    expect(production({ protocol: 'https', host: 'rhema.example' })).toBe('https://rhema.example');
  });

  it('counts the HOST it listens on as its own', () => {
    const named = linkOriginFor({ publicOrigin: 'http://localhost:3000', host: 'rhema.internal' });
    expect(named({ protocol: 'http', host: 'rhema.internal:3000' })).toBe('http://rhema.internal:3000');
  });
});

describe('publicOriginWarning', () => {
  it('says nothing when PUBLIC_ORIGIN is the listening address, or in production', () => {
    expect(publicOriginWarning({ PUBLIC_ORIGIN: 'http://localhost:3000', PORT: 3000, HOST: '0.0.0.0' })).toBe(
      null,
    );
    expect(
      publicOriginWarning({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://rhema.example', PORT: 3000 }),
    ).toBe(null);
  });

  it('warns in development when the port or the host differ', () => {
    expect(
      publicOriginWarning({ NODE_ENV: 'development', PUBLIC_ORIGIN: 'http://localhost:3000', PORT: 3202 }),
    ).toMatch(/^PUBLIC_ORIGIN is http:\/\/localhost:3000 but the server listens on every address port 3202/);
    expect(
      publicOriginWarning({ PUBLIC_ORIGIN: 'http://localhost:3000', PORT: 3000, HOST: '192.168.1.20' }),
    ).toMatch(/listens on 192\.168\.1\.20 port 3000/);
  });
});
