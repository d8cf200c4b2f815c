/// <reference types="node" />
/** The body of a Node request as the handlers read it: a stream pulled from the socket, timed. */
import type { IncomingMessage } from 'node:http';
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

/**
 * The request body as a stream that pulls from the socket only when read. Cancelling it stops
 * reading without destroying the socket, which must still carry the answer. Only the time spent
 * waiting for the client counts against the limit, so a slow answer (a latency fault before the
 * body is read) never turns into a 408.
 */
export function bodyStream(req: IncomingMessage, watch: BodyWatch): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Uint8Array> | undefined;
  let waited = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (chunks === undefined && req.complete) {
          // The whole body is here already (a small one comes with its head): handed over at
          // once, with no wait to time.
          const body: Buffer | null = req.read();
          if (body !== null) controller.enqueue(body);
          controller.close();
          return;
        }
        chunks ??= req[Symbol.asyncIterator]();
        const started = performance.now();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(requestTimeout()), Math.max(0, watch.timeoutMs - waited));
        });
        try {
          const next = await Promise.race([chunks.next(), stalled, watch.broken]);
          if (next.done === true) controller.close();
          else controller.enqueue(next.value);
        } finally {
          clearTimeout(timer);
          waited += performance.now() - started;
        }
      },
    },
    { highWaterMark: 0 },
  );
}
