/**
 * Request bodies, read as the reference reads them ("Order of checks"): the size a request
 * declares is checked before anything else, the media type after the credentials, and the body
 * itself is read last, as a stream that stops at 1 MiB, so that a huge body is never held whole.
 */
import { ServiceError } from '../domain/service-error.js';

/** The largest request body the service reads: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The 413 PAYLOAD_TOO_LARGE of a body over {@link MAX_BODY_BYTES}. */
export const payloadTooLarge = () =>
  new ServiceError('PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB)`);

/** The body length a `Content-Length` value declares, if it is a valid one. */
export function declaredLength(contentLength: string | null | undefined): number | undefined {
  const value = contentLength?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** A 413 PAYLOAD_TOO_LARGE when the declared length passes the limit (nothing is read). */
export function assertDeclaredSize(headers: Headers): void {
  if ((declaredLength(headers.get('content-length')) ?? 0) > MAX_BODY_BYTES) throw payloadTooLarge();
}

/** True when the request declares a JSON body (`application/json`, parameters allowed). */
function declaresJson(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return type.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

const notUtf8 = () => new ServiceError('INVALID_JSON', 'The request body is not valid UTF-8');

/** A request body read a chunk at a time, as a web stream's reader reads one. */
export interface BodyReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  /** Stops reading: the rest is never pulled. */
  cancel(): Promise<void>;
}

/**
 * A request made without its body, whose body a server in front of the mock reads itself: the
 * sandbox's, for the service's endpoints. A web stream that is pulled outlives the young
 * generation after it is read, and one per request made the sandbox's collector pause for longer
 * than its requests took. (The reader is a field, not an entry of a WeakMap: a WeakMap's entry
 * outlives the young generation too.)
 */
export class RequestWithBodyReader extends Request {
  /** Reads the body; none when the request has none. */
  bodyReader: BodyReader | undefined;
}

/**
 * The body as UTF-8 text, read chunk by chunk: past {@link MAX_BODY_BYTES} it stops reading (the
 * rest is never pulled) and answers 413; bytes that are not UTF-8 are a 400.
 */
async function readText(request: Request): Promise<string> {
  const reader =
    request instanceof RequestWithBodyReader && request.bodyReader !== undefined
      ? request.bodyReader
      : request.body?.getReader();
  if (reader === undefined) return '';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array) => {
    try {
      return decoder.decode(bytes, { stream: bytes !== undefined });
    } catch {
      throw notUtf8();
    }
  };
  let text = '';
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      // The server's own verdicts on the body (408 stalled, 400 malformed chunk) stand.
      if (error instanceof ServiceError) throw error;
      throw new ServiceError('INVALID_BODY', 'The request body could not be read');
    }
    if (next.done) return text + decode();
    size += next.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      reader.cancel().catch(() => {});
      throw payloadTooLarge();
    }
    text += decode(next.value);
  }
}

/** Parsed JSON; malformed JSON is a 400. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError('INVALID_JSON', 'The request body is not valid JSON');
  }
}

const unsupportedMediaType = () =>
  new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be sent as application/json');

/**
 * The JSON body of a request: 415 when it is not declared `application/json`, 413 past 1 MiB,
 * 400 when malformed. Call it after the credentials are checked.
 */
export async function readJson(request: Request): Promise<unknown> {
  if (!declaresJson(request)) throw unsupportedMediaType();
  return parseJson(await readText(request));
}

/**
 * The JSON body of an endpoint where the body may be left out: `undefined` for an empty body
 * (whatever its declared type), otherwise as {@link readJson} reads it.
 */
export async function readOptionalJson(request: Request): Promise<unknown> {
  if (declaredLength(request.headers.get('content-length')) === 0) return undefined;
  const text = await readText(request);
  if (text === '') return undefined;
  // The body had to be read to know it is there; it is still refused unless declared JSON.
  if (!declaresJson(request)) throw unsupportedMediaType();
  return parseJson(text);
}

/**
 * A form body (`application/x-www-form-urlencoded` or `multipart/form-data`, text fields), read
 * as the JSON bodies are: it stops at {@link MAX_BODY_BYTES} with a 413, whatever the body declares.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  return new Response(await readText(request), { headers: { 'content-type': type } }).formData();
}
