/**
 * Reads an error answer of any shape: the reference body `{message, code, errors}`, a bare
 * `{message}`, `{error: "…"}` or `{error: {message, code}}`, plain text, a proxy's HTML page, or
 * nothing at all. The service wrote it, not the SDK: it is redacted of `secrets` and key-shaped
 * values before anything is read from it (a server may echo the `Authorization` header).
 */
import type { ErrorDetails } from '../errors/api-error.js';
import { redactSecrets } from '../schemas/redact.js';

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = Array.isArray(messages)
      ? messages.filter((m) => typeof m === 'string')
      : typeof messages === 'string'
        ? [messages]
        : [];
    if (list.length > 0) errors[field] = list;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The details of an error answer, and its body (parsed JSON when it was JSON). */
export function readErrorBody(
  status: number,
  statusText: string,
  raw: string,
  secrets: readonly (string | undefined)[],
): { details: ErrorDetails; body: unknown } {
  const fallback = redactSecrets(statusText, secrets) || (status >= 500 ? 'Server error' : 'Request failed');
  const text = redactSecrets(raw, secrets);
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    const title = /<title>([^<]{1,200})<\/title>/i.exec(text)?.[1];
    const isHtml = /^\s*</.test(text);
    const message = isHtml ? (str(title) ?? fallback) : (str(text.slice(0, 500)) ?? fallback);
    return { details: { code: undefined, message, errors: undefined }, body: text };
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const nested =
    typeof record.error === 'object' && record.error !== null
      ? (record.error as Record<string, unknown>)
      : {};
  const message =
    str(record.message) ?? str(nested.message) ?? str(record.error) ?? str(record.detail) ?? fallback;
  const code = str(record.code) ?? str(nested.code);
  const errors = fieldErrors(record.errors ?? nested.errors);
  return { details: { code, message: appendFieldErrors(message, errors), errors }, body };
}

/** Adds the field errors a message does not already name: "The given data was invalid" alone says little. */
function appendFieldErrors(message: string, errors: Record<string, string[]> | undefined): string {
  if (errors === undefined) return message;
  const unnamed = Object.entries(errors).filter(([field]) => !message.includes(field));
  if (unnamed.length === 0) return message;
  return `${message} (${unnamed.map(([field, messages]) => `${field}: ${messages.join(', ')}`).join('; ')})`;
}
