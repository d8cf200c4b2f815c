/**
 * A webhook receiver for Node's `http` module and Express. Types are structural, so using it
 * needs no Node typings.
 */
import { BodyTooLargeError, readAtMost, refuseDeclaredLength } from './body.js';
import { payloadBytes } from './payload.js';
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
  /** Set by body parsers; `express.raw()` makes it a Buffer, which is what is wanted. */
  body?: unknown;
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

async function readRawBody(request: NodeWebhookRequest, maxBytes: number): Promise<Uint8Array | string> {
  const { body } = request;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    // A body parser read it already, under its own limit (set it to maxBodyBytes too).
    if (payloadBytes(body).byteLength > maxBytes) throw new BodyTooLargeError(maxBytes);
    return body;
  }
  if (body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body).length === 0)) {
    throw new TypeError(
      "The request body was already parsed, so the signed raw bytes are lost: mount express.raw({ type: 'application/json' }) on the webhook route instead of express.json()",
    );
  }
  refuseDeclaredLength(request.headers, maxBytes);
  return readAtMost(request, maxBytes);
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
 * A webhook receiver for `http.createServer` and Express routes. It reads the raw body itself
 * (or takes the Buffer that `express.raw()` left in `req.body`) and answers like
 * `createWebhookHandler`; a body over `maxBodyBytes` is answered 413.
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
  const resolved = resolveHandlerOptions(options);
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
