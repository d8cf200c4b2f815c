/// <reference types="node" />
/**
 * msw handlers served by node:http, through msw's `getResponse` (`@mswjs/http-middleware` does
 * not work with msw 3). The body reaches the handlers as a stream read only as far as they ask,
 * so a request refused first (a declared size over 1 MiB, no credentials) is answered without
 * reading the rest, and its connection is then closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { getResponse, type HttpHandler } from 'msw';
import { newRequestId } from './ids.js';
import { declaredLength, MAX_BODY_BYTES, payloadTooLarge } from './request-body.js';
import { type Answer, errorAnswer, toResponse } from './respond.js';
import type { RouteTable } from './route-table.js';

/** What the adapter serves. */
export interface Served {
  origin: string;
  handlers: HttpHandler[];
  routes: RouteTable;
  /** With a state file: resolves once what the request changed is on disk, before its answer. */
  durable?: (request: Request) => Promise<void>;
  /** The refusal of a request from a web page that may not use the server (./browser-guard.ts). */
  guard?: (host: string | undefined, origin: string | undefined) => Answer | undefined;
}

/** How long a connection whose body was left unread stays open after the answer, in ms. */
const LINGER_MS = 500;

/** An unread body up to this size is read and dropped by Node, keeping the connection alive. */
const SMALL_REST_BYTES = 64 * 1024;

/** Methods a `Request` cannot carry (the Fetch standard forbids them); Node still passes TRACE on. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

const invalidRequest = (message: string): Answer => ({
  status: 400,
  body: { message, code: 'INVALID_REQUEST' },
});

/**
 * The request body as a stream that pulls from the socket only when read. Cancelling it stops
 * reading without destroying the socket, which must still carry the answer.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= req[Symbol.asyncIterator]();
        const next = await chunks.next();
        if (next.done === true) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The Fetch request for a Node one, or the answer when it cannot be one. */
function toRequest(req: IncomingMessage, served: Served): Request | Answer {
  const target = req.url ?? '/';
  // Origin form only: `//host/…` stays a path of this server, `*` and absolute forms are refused.
  if (!target.startsWith('/')) return invalidRequest('The request target must be a path');
  let url: URL;
  try {
    url = new URL(`${served.origin}${target}`);
  } catch {
    return invalidRequest('The request target is not a valid path');
  }
  const method = req.method ?? 'GET';
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) return served.routes.unmatched(method, url);
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
  } catch {
    return invalidRequest('A request header is not valid');
  }
  const hasBody =
    method !== 'GET' && method !== 'HEAD' && declaredLength(req.headers['content-length']) !== 0;
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (hasBody) {
    init.body = bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  if (response.type === 'error') {
    // An injected dropped connection: no answer at all.
    res.socket?.destroy();
    return;
  }
  const headers = Object.fromEntries(response.headers);
  const body = Buffer.from(await response.arrayBuffer());
  // A small declared rest is left to Node, which drops it and keeps the connection alive.
  const declared = declaredLength(req.headers['content-length']);
  if (req.complete || (declared !== undefined && declared <= SMALL_REST_BYTES)) {
    res.writeHead(response.status, headers);
    res.end(body);
    return;
  }
  // A body left unread stays unread, and the connection closes after the answer. Not at once:
  // closing a socket with unread bytes resets it, and a client still sending could lose the
  // answer. So the whole answer is sent, delimited by its length, and the socket closed a moment
  // later; meanwhile nothing more is read (Node stops pulling once its small buffer is full).
  res.writeHead(response.status, { ...headers, connection: 'close', 'content-length': String(body.length) });
  res.write(body);
  setTimeout(() => {
    if (!res.destroyed) res.end();
  }, LINGER_MS).unref();
}

/** Answers one request: the declared size first (413, nothing read), then the handlers. */
async function answer(req: IncomingMessage, res: ServerResponse, served: Served | undefined): Promise<void> {
  if (served === undefined) {
    // Listening, not ready yet (a state file is being written at start): try again in a moment.
    await send(req, res, toResponse(starting));
    return;
  }
  const refusal = served.guard?.(req.headers.host, req.headers.origin);
  if (refusal !== undefined) {
    await send(req, res, toResponse(refusal));
    return;
  }
  if ((declaredLength(req.headers['content-length']) ?? 0) > MAX_BODY_BYTES) {
    await send(req, res, toResponse(errorAnswer(payloadTooLarge())));
    return;
  }
  const request = toRequest(req, served);
  if (!(request instanceof Request)) {
    await send(req, res, toResponse(request));
    return;
  }
  // The last handler takes every path under the base URL, so there is always a response.
  const response = await getResponse(served.handlers, request);
  await served.durable?.(request);
  await send(req, res, response ?? toResponse(served.routes.unmatched(request.method, new URL(request.url))));
}

/** Sockets with a response under way: a parse error on them must not write a second answer. */
const answering = new WeakSet<object>();

const starting: Answer = {
  status: 503,
  body: { message: 'The mock is starting; try again in a moment', code: 'STARTING' },
  headers: { 'retry-after': '1' },
};

/** The `request` listener of the server: each request answered by {@link answer} (undefined: not ready yet). */
export function requestListener(served: () => Served | undefined) {
  return (req: IncomingMessage, res: ServerResponse) => {
    answering.add(req.socket);
    res.once('close', () => answering.delete(req.socket));
    answer(req, res, served()).catch(async () => {
      if (res.headersSent) res.destroy();
      else await send(req, res, toResponse(errorAnswer(undefined))).catch(() => res.destroy());
    });
  };
}

/**
 * The `clientError` listener: a request Node cannot parse (an unknown method, a bad header,
 * headers over 16 KiB) gets the reference error body too, instead of Node's empty 400.
 */
export function clientErrorListener(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable || answering.has(socket)) {
    socket.destroy();
    return;
  }
  const [status, message, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large', 'HEADERS_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive', 'REQUEST_TIMEOUT']
        : [400, 'The request is not valid HTTP', 'INVALID_REQUEST'];
  const body = JSON.stringify({ message, code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${newRequestId()}\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
}
