/// <reference types="node" />
/**
 * What goes wrong below the handlers, at the HTTP layer: a request Node cannot parse, one that
 * is too slow to arrive, a malformed chunk in a body already being answered. Each gets the
 * reference error body `{message, code}` wherever a response can still be written.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { newRequestId } from '../../mock/domain/ids.js';
import { ServiceError } from '../../mock/domain/service-error.js';
import type { Answer } from '../../mock/http/respond.js';

/** The 400 of a request that is not valid HTTP (or not one the mock can take). */
export const badRequest = (message: string): Answer => ({
  status: 400,
  body: { message, code: 'BAD_REQUEST' },
});

/** The 408 of a request (its head or its body) that stopped arriving. */
export const requestTimeout = () =>
  new ServiceError('REQUEST_TIMEOUT', 'The request took too long to arrive');

/** The reference error for an error Node reports on a client's connection. */
function transportError(error: Error & { code?: string }): ServiceError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ServiceError('HEADERS_TOO_LARGE', 'The request headers are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return requestTimeout();
    case 'HPE_INVALID_CHUNK_SIZE':
      return new ServiceError('BAD_REQUEST', 'A chunk of the request body is malformed');
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      // Two lengths (or a length with chunked framing): where the body ends is unknowable.
      return new ServiceError('BAD_REQUEST', 'The request carries conflicting Content-Length headers');
    default:
      return new ServiceError('BAD_REQUEST', 'The request is not valid HTTP');
  }
}

/**
 * Sockets with a request under way, and how to end the wait for its body: an error found in the
 * body (a malformed chunk) is answered by that request's own response, never by a second one.
 */
export const inFlight = new WeakMap<object, (error: ServiceError) => void>();

/**
 * Writes `answer` as a whole HTTP/1.1 response straight to the socket (no `ServerResponse`
 * exists for it) and closes the connection: what follows on it cannot be trusted to be parsed.
 */
export function writeRaw(socket: Duplex, answer: Answer): void {
  const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
  const headers: Record<string, string> = {
    ...answer.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'x-request-id': newRequestId(),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${lines.join('')}\r\n${body}`);
}

/**
 * The `clientError` listener: a request Node cannot parse (an unknown method, a bad header,
 * headers over 16 KiB or too slow to arrive, a malformed chunk) gets the reference error body
 * too, instead of Node's empty 400 or a closed socket.
 */
export function clientErrorListener(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const refusal = transportError(error);
  const failBody = inFlight.get(socket);
  if (failBody !== undefined) {
    // The request's own response answers; if it does not wait for the body, its answer stands.
    failBody(refusal);
    return;
  }
  writeRaw(socket, {
    status: refusal.status,
    body: { message: refusal.message, code: refusal.code },
  });
}
