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

/** The message of one issue. */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${typeOf(issue.input)}`;
    case 'invalid_value':
      return `Invalid option: expected one of ${issue.values.map((v) => JSON.stringify(v)).join('|')}`;
    case 'too_small':
      return bound('small', issue.origin, issue.inclusive ? '>=' : '>', issue.minimum);
    case 'too_big':
      return bound('big', issue.origin, issue.inclusive ? '<=' : '<', issue.maximum);
    case 'invalid_format':
      if (issue.format === 'regex') return `Invalid string: must match pattern ${String(issue.pattern)}`;
      return `Invalid ${FORMATS[issue.format] ?? issue.format}`;
    default:
      return 'Invalid input';
  }
}
