/**
 * English messages for the issues our schemas raise, in the wording of zod's own English
 * locale ("Too small: expected number to be >5"). Written here rather than imported from
 * `zod/locales` because the main entry has a size budget and needs only these few. Passed per
 * parse call: zod's global configuration belongs to the merchant's app.
 */
import type * as z from 'zod/mini';

const FORMATS: Record<string, string> = {
  email: 'email address',
  url: 'URL',
  uuid: 'UUID',
  guid: 'UUID',
  datetime: 'ISO datetime',
  date: 'ISO date',
};
const UNITS: Record<string, string> = { string: 'characters', array: 'items' };

function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'NaN';
  return typeof input;
}

function bound(word: 'small' | 'big', origin: string, adj: string, limit: unknown): string {
  const unit = UNITS[origin];
  return unit === undefined
    ? `Too ${word}: expected ${origin} to be ${adj}${String(limit)}`
    : `Too ${word}: expected ${origin} to have ${adj}${String(limit)} ${unit}`;
}

/** What a field takes, with an example, for the messages of its typical mistakes. */
const EXPECTED: Record<string, string> = {
  amount: 'a number in reais, such as 19.9',
  pixKey: 'the PIX key as text, such as "ana@example.com"',
  pixKeyType: 'one of "CPF", "CNPJ", "EMAIL", "PHONE", "EVP"',
  idempotencyKey: 'a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"',
  referenceId: 'a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"',
  transactionId: 'a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"',
  dateFrom: 'a calendar date, such as "2026-11-01"',
  dateTo: 'a calendar date, such as "2026-11-30"',
  page: 'a whole number from 1, such as 2',
  perPage: 'a whole number from 1 to 100, such as 50',
  url: 'an http(s) URL, such as "https://shop.example/pix"',
  events: 'a list of event names, such as ["transaction.completed"]',
  trackingParameters: 'an object of UTM strings, such as { utm_source: "google" }',
};

/** What was given, in words: `the string "19.90"`, `Infinity`, `null`, `an array`. */
function given(input: unknown): string {
  if (typeof input === 'string')
    return `the string ${JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input)}`;
  if (typeof input === 'number' || typeof input === 'boolean' || input == null) return String(input);
  return Array.isArray(input) ? 'an array' : `a value of type ${typeof input}`;
}

function example(expected: string | undefined, input: unknown): string {
  return expected === undefined ? '' : ` (${expected}); got ${given(input)}`;
}

/** The message of one issue. */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  const field = issue.path?.at(-1);
  const expected = typeof field === 'string' ? EXPECTED[field] : undefined;
  switch (issue.code) {
    case 'invalid_type':
      // A number that is not finite is "received number" to zod: say what it was.
      if (expected !== undefined || (typeof issue.input === 'number' && !Number.isFinite(issue.input)))
        return `must be ${expected ?? `a finite ${issue.expected}`}; got ${given(issue.input)}`;
      return `Invalid input: expected ${issue.expected}, received ${typeOf(issue.input)}`;
    case 'invalid_value':
      return `Invalid option: expected one of ${issue.values.map((v) => JSON.stringify(v)).join('|')}`;
    case 'too_small':
      return `${bound('small', issue.origin, issue.inclusive ? '>=' : '>', issue.minimum)}${example(expected, issue.input)}`;
    case 'too_big':
      return `${bound('big', issue.origin, issue.inclusive ? '<=' : '<', issue.maximum)}${example(expected, issue.input)}`;
    case 'invalid_format':
      if (issue.format === 'regex') return `Invalid string: must match pattern ${String(issue.pattern)}`;
      return `Invalid ${FORMATS[issue.format] ?? issue.format}`;
    default:
      return 'Invalid input';
  }
}
