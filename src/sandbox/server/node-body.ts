/// <reference types="node" />
/** The body of a Node request as the handlers read it: pulled from the socket, timed. */
import type { IncomingMessage } from 'node:http';
import type { BodyReader } from '../../mock/http/request-body.js';
import { requestTimeout } from './transport-errors.js';

/**
 * How long the server waits for a request to arrive: its head, then, in all, its body (the time
 * the server spends answering is not counted). One that stalls is answered 408 instead of
 * holding its connection.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** How a request body arrives: by when it must have, and what ends the wait early. */
export interface BodyWatch {
  timeoutMs: number;
  /** Rejects with the error found in the body by the parser (a malformed chunk). */
  broken: Promise<never>;
}

/** Why a body stopped arriving before its end: the client went away, or its stream failed. */
const cutShort = () => new Error('The request body ended before its length');

/**
 * The request body, read from the socket only when asked: each read hands over what has arrived,
 * waiting for more when nothing has. Cancelling stops reading without destroying the socket,
 * which must still carry the answer. Only the time spent waiting for the client counts against
 * the limit, so a slow answer (a latency fault before the body is read) never turns into a 408.
 */
export function bodyReader(req: IncomingMessage, watch: BodyWatch): BodyReader {
  let waited = 0;
  let done = false;
  /** Resolves when more of the body may be there (or it ended); rejects when it never will. */
  const arrival = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      let settled = false;
      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.off('readable', settle).off('end', settle).off('error', failed).off('close', closed);
        waited += performance.now() - started;
        if (error === undefined) resolve();
        else reject(error);
      };
      const failed = () => settle(cutShort());
      const closed = () => settle(req.complete ? undefined : cutShort());
      const timer = setTimeout(() => settle(requestTimeout()), Math.max(0, watch.timeoutMs - waited));
      req.on('readable', settle).on('end', settle).on('error', failed).on('close', closed);
      watch.broken.catch(settle);
    });
  let first = true;
  return {
    async read() {
      if (first && !req.complete) {
        // Node hands a request over as soon as its head is parsed, and parses what came with it
        // after: a body sent with its head is whole once this turn of the event loop is over,
        // and taken without a wait to time.
        await new Promise(setImmediate);
      }
      first = false;
      while (!done) {
        const chunk: Buffer | null = req.read();
        if (chunk !== null) return { done: false, value: chunk };
        // Complete, and nothing left to read: the whole body was handed over.
        if (req.complete || req.readableEnded) break;
        if (req.destroyed) throw cutShort();
        await arrival();
      }
      done = true;
      return { done: true, value: undefined };
    },
    async cancel() {
      done = true;
    },
  };
}

/** The request body as a web stream ({@link bodyReader}'s), for msw's handlers. */
export function bodyStream(req: IncomingMessage, watch: BodyWatch): ReadableStream<Uint8Array> {
  const reader = bodyReader(req, watch);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
}
