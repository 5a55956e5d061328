import http from 'node:http';
import type { Socket } from 'node:net';

// What Node's HTTP parser refuses before Fastify sees a request (an address or headers over its 16 KB limit, a
// malformed request line, a client too slow to send its request) is written straight to the socket. Fastify's own
// answer is its error shape; here it is the API's envelope `{ success, message }`, like every other refusal
// (docs/security.md target 10 and F34).

const ANSWERS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: `The request's address and headers are too long: together they may hold at most ${Math.floor(http.maxHeaderSize / 1024)} KB.`,
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, message: 'The request is not valid HTTP.' };

/** Fastify's `clientErrorHandler`: the envelope, then the connection is closed (as Node and Fastify do). */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
