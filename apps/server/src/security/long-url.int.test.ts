// docs/security.md, F34: a URL over 16 KB was answered 431 by Node's HTTP parser in Fastify's error shape, outside
// the API's `{ success, message }` envelope. Sent over a real socket: inject() never meets Node's parser.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // written, not ended: a half-closed socket may be closed by the server before a slower answer is sent
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) as unknown };
}

describe('requests Node refuses before routing (F34)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let port = 0;
  beforeAll(async () => {
    server = await createTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  it('a URL over 16 KB is a 431 in the envelope', async () => {
    const url = `/api/v1/faqs?faq_type=${'a'.repeat(17 * 1024)}`;
    const answer = parse(await rawRequest(port, `GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({
      success: false,
      message: "The request's address and headers are too long: together they may hold at most 16 KB.",
    });
  });

  it('a request that is not HTTP is a 400 in the envelope', async () => {
    const answer = parse(await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(answer).toMatchObject({
      status: 400,
      body: { success: false, message: 'The request is not valid HTTP.' },
    });
  });

  it('a URL under the limit is answered as usual', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/v1/faqs?faq_type=faqs HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer.split(' ')[1]).toBe('200');
  });
});
