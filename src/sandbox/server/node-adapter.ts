/// <reference types="node" />
/**
 * msw handlers served by node:http, through msw's `getResponse` (`@mswjs/http-middleware` does
 * not work with msw 3), or, for a service endpoint, its handler's own resolver found in the route
 * table (less work per request: RouteTable.endpoint). The body reaches the handlers read only as
 * far as they ask (for a service endpoint straight from the socket, for msw as a web stream), so
 * a request refused first (a declared size over 1 MiB, no credentials) is answered without
 * reading the rest, and its connection is then closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { getResponse, type HttpHandler } from 'msw';
import type { ServiceError } from '../../mock/domain/service-error.js';
import {
  declaredLength,
  MAX_BODY_BYTES,
  payloadTooLarge,
  RequestWithBodyReader,
} from '../../mock/http/request-body.js';
import { type Answer, errorAnswer, toResponse, type WireAnswer } from '../../mock/http/respond.js';
import type { RouteTable } from '../../mock/http/route-table.js';
import type { GuardedRequest } from './browser-guard.js';
import { type BodyWatch, bodyReader, bodyStream, REQUEST_TIMEOUT_MS } from './node-body.js';
import { badRequest, inFlight, writeRaw } from './transport-errors.js';

/** What the adapter serves. */
export interface Served {
  origin: string;
  handlers: HttpHandler[];
  routes: RouteTable;
  /** With a state file: resolves once what the request changed is on disk, before its answer. */
  durable?: (request: Request) => Promise<void>;
  /** The refusal of a request from a web page that may not use the server (./browser-guard.ts). */
  guard?: (request: GuardedRequest) => Answer | undefined;
}

/** How long a connection whose body was left unread stays open after the answer, in ms. */
const LINGER_MS = 500;

/** An unread body up to this size is read and dropped by Node, keeping the connection alive. */
const SMALL_REST_BYTES = 64 * 1024;

/** Methods a `Request` cannot carry (the Fetch standard forbids them); Node still passes TRACE on. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * A request admitted: its Fetch request, and the service endpoint that answers it, if one does
 * (else msw's handlers do).
 */
interface Admitted {
  request: Request;
  endpoint: (() => Promise<Response | WireAnswer>) | undefined;
}

/** The Fetch request for a Node one, or the answer when it cannot be one. */
function toRequest(req: IncomingMessage, served: Served, watch: BodyWatch): Admitted | Answer {
  const target = req.url ?? '/';
  // Origin form only: `//host/…` stays a path of this server, `*` and absolute forms are refused.
  if (!target.startsWith('/')) return badRequest('The request target must be a path');
  let url: URL;
  try {
    url = new URL(`${served.origin}${target}`);
  } catch {
    return badRequest('The request target is not a valid path');
  }
  const method = req.method ?? 'GET';
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) return served.routes.unmatched(method, url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  let request: RequestWithBodyReader;
  try {
    request = new RequestWithBodyReader(url, { method, headers });
  } catch {
    return badRequest('A request header is not valid');
  }
  const hasBody =
    method !== 'GET' && method !== 'HEAD' && declaredLength(req.headers['content-length']) !== 0;
  // A service endpoint is run straight from the route table, as msw would run it (the handlers
  // ahead of the service's, the dashboard's and the state copy's, take none of its paths), and
  // reads the body from the socket; everything else goes through msw, with the body as a stream.
  // test/sandbox/direct-routes.test.ts holds both ways alike.
  const endpoint = served.routes.endpoint(request);
  if (!hasBody) return { request, endpoint };
  if (endpoint !== undefined) {
    request.bodyReader = bodyReader(req, watch);
    return { request, endpoint };
  }
  const body = bodyStream(req, watch);
  return { request: new Request(url, { method, headers, body, duplex: 'half' } as RequestInit), endpoint };
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response | WireAnswer,
): Promise<void> {
  if (!(response instanceof Response)) {
    const { status, headers, text } = response;
    sendWhole(req, res, status, headers, Buffer.from(text ?? ''));
    return;
  }
  if (response.type === 'error') {
    // An injected dropped connection: no answer at all.
    res.socket?.destroy();
    return;
  }
  const headers = Object.fromEntries(response.headers);
  if (response.body !== null && response.headers.has('content-length') && req.complete) {
    // A body of a declared length (a copy of the kept state) is streamed, not held in memory.
    res.writeHead(response.status, headers);
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
    return;
  }
  sendWhole(req, res, response.status, headers, Buffer.from(await response.arrayBuffer()));
}

/** Sends an answer whose body is held whole. */
function sendWhole(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
): void {
  // A small declared rest is left to Node, which drops it and keeps the connection alive; not
  // the rest of a body that stalled (408), which may never come.
  const declared = declaredLength(req.headers['content-length']);
  const smallRest = declared !== undefined && declared <= SMALL_REST_BYTES && status !== 408;
  if (req.complete || smallRest) {
    res.writeHead(status, headers);
    res.end(body);
    return;
  }
  // A body left unread stays unread, and the connection closes after the answer. Not at once:
  // closing a socket with unread bytes resets it, and a client still sending could lose the
  // answer. So the whole answer is sent, delimited by its length, and the socket closed a moment
  // later; meanwhile nothing more is read (Node stops pulling once its small buffer is full).
  res.writeHead(status, { ...headers, connection: 'close', 'content-length': String(body.length) });
  res.write(body);
  setTimeout(() => {
    if (!res.destroyed) res.end();
  }, LINGER_MS).unref();
}

const starting: Answer = {
  status: 503,
  body: { message: 'The mock is starting; try again in a moment', code: 'STARTING' },
  headers: { 'retry-after': '1' },
};

const expectationFailed: Answer = {
  status: 417,
  body: { message: 'The only expectation the server meets is 100-continue', code: 'EXPECTATION_FAILED' },
};

/**
 * The Fetch request a Node request becomes, or the answer when it goes no further: what Node
 * would refuse with an empty body (the server is made to let it through to here), the browser
 * guard, then the declared size (413, nothing read).
 */
function admit(req: IncomingMessage, served: Served, watch: BodyWatch): Admitted | Answer {
  if (req.httpVersion === '1.1' && req.headers.host === undefined)
    return badRequest('An HTTP/1.1 request must carry a Host header');
  // Node keeps the first of several Host headers: which one a proxy in front would have read is
  // anyone's guess, so such a request is refused (RFC 9112, section 3.2).
  if (headerCount(req.rawHeaders, 'host') > 1)
    return badRequest('A request must carry one Host header, not several');
  const expect = req.headers.expect;
  if (expect !== undefined && expect.toLowerCase() !== '100-continue') return expectationFailed;
  const refusal = served.guard?.({
    host: req.headers.host,
    origin: req.headers.origin,
    target: req.url ?? '/',
  });
  if (refusal !== undefined) return refusal;
  if ((declaredLength(req.headers['content-length']) ?? 0) > MAX_BODY_BYTES)
    return errorAnswer(payloadTooLarge());
  return toRequest(req, served, watch);
}

/** How many times the header `name` (lower case) is in a request's raw headers. */
function headerCount(rawHeaders: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === name) count++;
  return count;
}

/** Answers one request: {@link admit}, then the handlers. */
async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  served: Served | undefined,
  watch: BodyWatch,
) {
  if (served === undefined) {
    // Listening, not ready yet (a state file is being written at start): try again in a moment.
    await send(req, res, toResponse(starting));
    return;
  }
  const admitted = admit(req, served, watch);
  if (!('request' in admitted)) {
    await send(req, res, toResponse(admitted));
    return;
  }
  const { request, endpoint } = admitted;
  // The last handler takes every path under the base URL, so there is always a response.
  const response = endpoint !== undefined ? await endpoint() : await getResponse(served.handlers, request);
  await served.durable?.(request);
  await send(req, res, response ?? toResponse(served.routes.unmatched(request.method, new URL(request.url))));
}

/** Limits of the adapter; tests shorten them. */
export interface AdapterLimits {
  /** @default {@link REQUEST_TIMEOUT_MS} */
  requestTimeoutMs?: number;
}

/**
 * The `request` listener of the server (and its `checkExpectation` one): each request answered
 * by {@link answer} (served undefined: not ready yet).
 */
export function requestListener(served: () => Served | undefined, limits: AdapterLimits = {}) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let reject: (error: ServiceError) => void = () => {};
    const broken = new Promise<never>((_, rejectBody) => {
      reject = rejectBody;
    });
    broken.catch(() => {});
    const fail = (error: ServiceError) => {
      // The parser gave up on this connection: nothing after this answer can be read on it.
      if (!res.headersSent) res.setHeader('connection', 'close');
      reject(error);
    };
    inFlight.set(req.socket, fail);
    res.once('close', () => {
      if (inFlight.get(req.socket) === fail) inFlight.delete(req.socket);
    });
    const watch = { timeoutMs: limits.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, broken };
    answer(req, res, served(), watch).catch(async (error: unknown) => {
      if (res.headersSent) res.destroy();
      // A ServiceError says why (a change the state file could not save); anything else is a 500.
      else await send(req, res, toResponse(errorAnswer(error))).catch(() => res.destroy());
    });
  };
}

/**
 * The `connect` listener: Node hands a CONNECT over as a raw socket (for a proxy, which the mock
 * is not). It is answered as TRACE is, a method no endpoint takes, then the connection closed.
 */
export function connectListener(served: () => Served | undefined) {
  return (req: IncomingMessage, socket: Duplex) => {
    const ready = served();
    if (ready === undefined) {
      writeRaw(socket, starting);
      return;
    }
    const answer = admit(req, ready, { timeoutMs: 0, broken: new Promise(() => {}) });
    // admit never makes a Request of a CONNECT: its method is one a Request cannot carry.
    writeRaw(socket, 'request' in answer ? badRequest('CONNECT is not served') : answer);
  };
}
