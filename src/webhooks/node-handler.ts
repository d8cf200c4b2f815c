/**
 * A webhook receiver for Node's `http` module, Express and Fastify. Types are structural, so using
 * it needs no Node typings. A body some framework already read is named as such, with the fix for
 * each framework, rather than failing as a bad signature: a raw body handed over in `body` (a
 * Buffer or string, from any realm) is taken as it is, unless it is empty where a length was
 * declared; otherwise a parsed object in `body`, a stream that already ended, or nothing left to
 * read from a stream that declared a length (or had arrived `complete`) means a body parser took
 * the signed bytes.
 */
import { BodyTooLargeError, readAtMost, refuseDeclaredLength } from './body.js';
import { readHeader } from './headers.js';
import { isRawPayload, payloadBytes, type WebhookPayload } from './payload.js';
import {
  receiveWebhook,
  reportReceiverError,
  resolveHandlerOptions,
  type WebhookAnswer,
  type WebhookHandlerOptions,
} from './receive.js';

/** The parts of `http.IncomingMessage` (or an Express request) the adapter uses. */
export interface NodeWebhookRequest extends AsyncIterable<Uint8Array | string> {
  method?: string | undefined;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /**
   * Set by body parsers; `express.raw()` makes it a Buffer, which is what is wanted (any raw body
   * is taken: a string, or a `Uint8Array`, `ArrayBuffer` or `DataView` of any realm).
   */
  body?: unknown;
  /** Node's: the stream has ended, so a body parser read it already (unless `body` holds it). */
  readableEnded?: boolean;
  /** Node's: the whole message had arrived; with nothing left to read, a body parser read it. */
  complete?: boolean;
}

/** The parts of `http.ServerResponse` (or an Express response) the adapter uses. */
export interface NodeWebhookResponse {
  statusCode: number;
  /** Sets an answer header. */
  setHeader(name: string, value: string): unknown;
  /** Sends the answer body and ends it. */
  end(body?: string): unknown;
}

/** Options of {@link createNodeWebhookHandler}: those of every receiver (`maxBodyBytes` among them). */
export interface NodeWebhookHandlerOptions extends WebhookHandlerOptions {}

const CONSUMED =
  'The request body was already read by a body parser, so the signed raw bytes are gone. Pass the raw body:\n' +
  "Express: express.raw({ type: 'application/json' }) on the webhook route\n" +
  "Fastify: addContentTypeParser with { parseAs: 'buffer' } on the webhook route, then Object.assign(request.raw, { body: request.body })\n" +
  'NestJS: NestFactory.create(AppModule, { rawBody: true }), then Object.assign(req, { body: req.rawBody })';

async function readRawBody(request: NodeWebhookRequest, maxBytes: number): Promise<WebhookPayload> {
  const { body } = request;
  const declared = Number(readHeader(request.headers, 'content-length'));
  if (isRawPayload(body)) {
    // A body parser read it already, under its own limit (set it to maxBodyBytes too).
    const size = payloadBytes(body).byteLength;
    if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
    // A parser that found the stream already read leaves an empty body where bytes were declared.
    if (size === 0 && declared > 0) throw new TypeError(CONSUMED);
    return body;
  }
  const parsed = body != null && !(typeof body === 'object' && Object.keys(body).length === 0);
  if (parsed || request.readableEnded === true) throw new TypeError(CONSUMED);
  refuseDeclaredLength(request.headers, maxBytes);
  const arrived = request.complete === true;
  const read = await readAtMost(request, maxBytes);
  // An empty body is only a consumed one if more was declared, or it had all arrived unread.
  if (read.byteLength === 0 && (declared > 0 || (arrived && declared !== 0))) throw new TypeError(CONSUMED);
  return read;
}

function send(response: NodeWebhookResponse, answer: WebhookAnswer): void {
  response.statusCode = answer.status;
  response.setHeader('content-type', 'application/json');
  // The rest of a body too large is never read: close the connection rather than drain it.
  if (answer.status === 413) response.setHeader('connection', 'close');
  for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
  response.end(JSON.stringify(answer.body));
}

/**
 * A webhook receiver for `http.createServer`, Express and Fastify routes. It reads the raw body
 * itself (or takes the Buffer that `express.raw()` left in `req.body`) and answers like
 * `createWebhookHandler`; a body over `maxBodyBytes` is answered 413, and a body a parser already
 * read is answered 500 with the fix for Express, Fastify and NestJS.
 *
 * @example
 * app.post('/pix-webhook', express.raw({ type: 'application/json' }), createNodeWebhookHandler({
 *   secret: process.env.PIX_WEBHOOK_SECRET!,
 *   onEvent: (event) => queue.add(event),
 * }));
 */
export function createNodeWebhookHandler(
  options: NodeWebhookHandlerOptions,
): (request: NodeWebhookRequest, response: NodeWebhookResponse) => Promise<void> {
  const resolved = resolveHandlerOptions(options, 'createNodeWebhookHandler');
  return async (request, response) => {
    try {
      const body = () => readRawBody(request, resolved.maxBodyBytes);
      send(response, await receiveWebhook(request.method, request.headers, body, resolved));
    } catch (error) {
      // Only the answer itself can fail here: receiveWebhook reports and answers the rest.
      reportReceiverError(resolved, error);
    }
  };
}
