/**
 * An error answer as the SDK's error. ky reads its body after the attempt, for at most the call's
 * `timeout` and 10 MiB, decoded by its charset, as `HTTPError.data`: its text, the JSON ky parsed
 * from it, or `undefined` (nothing read in time, or labelled JSON but not JSON). JSON is serialised
 * again, so that redaction reads it with its escapes resolved; then `readErrorBody` parses it.
 */
import { APIError } from '../errors/api-error.js';
import { redactSecrets } from '../schemas/redact.js';
import { readErrorBody } from './error-body.js';

/** An error answer and ky's `data` for it as the SDK's error, redacted of `secrets`. */
export function answerError(
  response: Response,
  data: unknown,
  secrets: readonly (string | undefined)[],
): APIError {
  const text = typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data);
  const { details, body } = readErrorBody(response.status, response.statusText, text, secrets);
  // Headers are the service's text too: a proxy may echo `Authorization`. A header named after
  // a secret, in lower case too as names come, is left out: a name cannot hold `[redacted]`.
  const headers = new Headers();
  const inNames = [...secrets, ...secrets.map((secret) => secret?.toLowerCase())];
  for (const [name, value] of response.headers)
    if (redactSecrets(name, inNames) === name) headers.append(name, redactSecrets(value, secrets));
  return APIError.generate(response.status, details, headers, body);
}
