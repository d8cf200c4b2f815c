/**
 * A webhook receiver for Node's `http` module and Express. Types are structural, so using it
 * needs no Node typings.
 */
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

/** Options of {@link createNodeWebhookHandler}. */
export interface NodeWebhookHandlerOptions extends WebhookHandlerOptions {
  /** The largest body read, in bytes; a larger one is answered 413. @default 1_048_576 */
  maxBodyBytes?: number;
}

/** A body over `maxBodyBytes`: answered 413. */
class BodyTooLargeError extends Error {
  readonly status = 413;
}

async function readRawBody(request: NodeWebhookRequest, maxBytes: number): Promise<Uint8Array | string> {
  const { body } = request;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body).length === 0)) {
    throw new TypeError(
      "The request body was already parsed, so the signed raw bytes are lost: mount express.raw({ type: 'application/json' }) on the webhook route instead of express.json()",
    );
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = payloadBytes(chunk);
    size += bytes.byteLength;
    if (size > maxBytes) throw new BodyTooLargeError(`webhook body over ${maxBytes} bytes (maxBodyBytes)`);
    chunks.push(bytes);
  }
  return new Uint8Array(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

function send(response: NodeWebhookResponse, answer: WebhookAnswer): void {
  response.statusCode = answer.status;
  response.setHeader('content-type', 'application/json');
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
  const maxBytes = options.maxBodyBytes ?? 1_048_576;
  return async (request, response) => {
    try {
      const body = () => readRawBody(request, maxBytes);
      send(response, await receiveWebhook(request.method, request.headers, body, resolved));
    } catch (error) {
      // Only the answer itself can fail here: receiveWebhook reports and answers the rest.
      reportReceiverError(resolved, error);
    }
  };
}
