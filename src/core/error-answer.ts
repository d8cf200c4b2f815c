/**
 * An error answer, read after its attempt (bounded in time and size) and made the SDK's error:
 * its body redacted of the client's secrets and parsed by `readErrorBody`, its headers redacted.
 */
import { APIError } from '../errors/api-error.js';
import { redactSecrets } from '../schemas/redact.js';
import { readErrorBody } from './error-body.js';
import { MAX_TIMER_MS } from './retry-rules.js';

/** The most of an error answer's body that is read: a proxy's page may be endless. */
const MAX_ERROR_BODY_BYTES = 10 * 2 ** 20;

/** An error answer with its body read: thrown like any failed attempt, to reach `toPaymentsError`. */
export class ErrorAnswer extends Error {
  override name = 'ErrorAnswer';
  constructor(
    readonly response: Response,
    readonly text: string,
  ) {
    super(`${response.status} answer`);
  }
}

/** An error answer as the SDK's error, its body redacted of `secrets` and parsed by `readErrorBody`. */
export function answerError(
  response: Response,
  text: string,
  secrets: readonly (string | undefined)[],
): APIError {
  const { details, body } = readErrorBody(response.status, response.statusText, text, secrets);
  // Headers are the service's text too: a proxy may echo `Authorization`. A header named after
  // a secret, in lower case too as names come, is left out: a name cannot hold `[redacted]`.
  const headers = new Headers();
  const inNames = [...secrets, ...secrets.map((secret) => secret?.toLowerCase())];
  for (const [name, value] of response.headers)
    if (redactSecrets(name, inNames) === name) headers.append(name, redactSecrets(value, secrets));
  return APIError.generate(response.status, details, headers, body);
}

/**
 * An error answer's body: for at most `ms` and 10 MiB, decoded by its charset. '' when it could
 * not all be read, and when it is labelled JSON but is not; JSON comes back serialised again, so
 * that redaction reads it with its escapes resolved.
 */
export async function readErrorText(response: Response, ms: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const contentType = response.headers.get('content-type') ?? '';
  const decoder = decoderFor(contentType);
  let text = '';
  let bytes = 0;
  let late = false;
  // Cancelling ends the pending read and releases the connection.
  const deadline = setTimeout(
    () => {
      late = true;
      reader.cancel().catch(() => {});
    },
    Math.min(ms, MAX_TIMER_MS),
  );
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
      if (bytes > MAX_ERROR_BODY_BYTES) {
        reader.cancel().catch(() => {});
        return '';
      }
      text += decoder.decode(chunk.value, { stream: true });
    }
  } catch {
    return '';
  } finally {
    clearTimeout(deadline);
  }
  if (late) return '';
  text += decoder.decode();
  if (!isJson(contentType)) return text;
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return '';
  }
}

/** `application/json` and its kin (`problem+json`, `vnd.api+json`). */
const isJson = (contentType: string) =>
  /\/(?:.*[.+-])?json$/.test((contentType.split(';', 1)[0] ?? '').trim().toLowerCase());

/** A decoder for the charset a content type names, UTF-8 when it names none or one unknown. */
function decoderFor(contentType: string): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";,\s]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset);
  } catch {
    return new TextDecoder();
  }
}
