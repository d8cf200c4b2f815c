/**
 * Reading a delivery's body with a bound: a webhook URL is public, so a receiver reads at most
 * `maxBodyBytes` before it has verified anything. A declared `Content-Length` over the bound is
 * refused before a byte is read; a streamed body is cut (and the rest never pulled) as soon as it
 * passes the bound. Both are a {@link BodyTooLargeError}, answered 413.
 */
import { readHeader, type WebhookHeaders } from './headers.js';
import { payloadBytes } from './payload.js';

/** The default bound on a delivery's body: 1 MiB, far above any event the service sends. */
export const MAX_BODY_BYTES = 1_048_576;

/** A body over `maxBodyBytes`: answered 413. */
export class BodyTooLargeError extends Error {
  readonly status = 413;

  constructor(maxBytes: number) {
    super(`webhook body over ${maxBytes} bytes (maxBodyBytes): refused before verifying it`);
  }
}

/**
 * Throws when the body declares a length over `maxBytes`, after `drop()` (nothing is read: a Fetch
 * body is cancelled, so that a server in front does not keep the connection waiting for it).
 */
export function refuseDeclaredLength(headers: WebhookHeaders, maxBytes: number, drop?: () => unknown): void {
  const declared = readHeader(headers, 'content-length');
  if (declared !== undefined && Number(declared) > maxBytes) {
    drop?.();
    throw new BodyTooLargeError(maxBytes);
  }
}

/**
 * Reads `chunks` to the end, or throws once more than `maxBytes` arrived; leaving the loop early
 * ends the source (`return()` cancels a web `ReadableStream`, destroys a Node stream). Web streams
 * are async iterables in Node 18+, Bun, Deno and workerd.
 */
export async function readAtMost(
  chunks: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): Promise<Uint8Array> {
  const read: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    const bytes = payloadBytes(chunk);
    size += bytes.byteLength;
    if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
    read.push(bytes);
  }
  return new Uint8Array(await new Blob(read as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}
