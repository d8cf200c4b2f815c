/**
 * Parsing with readable messages. `zod/mini` says only "Invalid input" unless it is given an
 * error map; we pass ours (./messages.ts) per call and never touch zod's global configuration,
 * which belongs to the merchant's app.
 */

import * as z from 'zod/mini';
import { $ZodType } from 'zod/v4/core';
import { kindOf } from './checks.js';
import { issueMessage } from './messages.js';

/** One problem with one field of a request or response. */
export interface FieldIssue {
  /** Dotted path of the field, e.g. `amount` or `trackingParameters.utm_source`; `""` for the whole value. */
  path: string;
  /** What rule it breaks, e.g. `must be a UUID, such as "…"; got the string "order-1001"`. */
  message: string;
  /** A service error code the rule maps to (`AMOUNT_BELOW_FEE`, `FORBIDDEN_FIELD`), when it has one. */
  code?: string;
}

/** The outcome of {@link safeParseWith}. */
export type ParseOutcome<T> =
  | { success: true; data: T }
  | { success: false; issues: FieldIssue[]; message: string };

/** Formats a zod path as `a.b[0].c`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

function toFieldIssues(issue: z.core.$ZodIssue): FieldIssue[] {
  const path = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    // One issue per unknown key, so that every field is named where it stands; the message has
    // a line per key (./messages.ts), naming the known field it may stand for.
    const messages = issue.message.split('\n');
    return issue.keys.map((key, i) => ({
      path: path === '' ? key : `${path}.${key}`,
      message: messages[i] as string,
    }));
  }
  const code = issue.code === 'custom' ? issue.params?.code : undefined;
  return [{ path, message: issue.message, ...(typeof code === 'string' ? { code } : {}) }];
}

/** One line naming every field at fault: `amount: must be more than 5; pixKey: …`. */
export function summarizeIssues(issues: readonly FieldIssue[]): string {
  return issues
    .map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`))
    .join('; ');
}

/** Groups issues by field, as the service's error body carries them (`errors`). */
export function issuesByField(issues: readonly FieldIssue[]): Record<string, string[]> {
  // A Map, not `{}`: a field named `constructor` or `__proto__` must not meet Object.prototype.
  const grouped = new Map<string, string[]>();
  for (const issue of issues) {
    const key = issue.path === '' ? '_' : issue.path;
    const messages = grouped.get(key) ?? [];
    messages.push(issue.message);
    grouped.set(key, messages);
  }
  const record: Record<string, string[]> = {};
  for (const [key, messages] of grouped)
    Object.defineProperty(record, key, { value: messages, enumerable: true });
  return record;
}

/**
 * Parses `input` with `schema`, returning typed data or field issues with readable English
 * messages. Never throws for bad input.
 *
 * @throws {TypeError} when `schema` is not a zod schema (a programming error).
 */
export function safeParseWith<S extends z.ZodMiniType>(schema: S, input: unknown): ParseOutcome<z.output<S>> {
  if (!(schema instanceof $ZodType))
    throw new TypeError(`safeParseWith needs one of the SDK's schemas (a zod schema), got ${kindOf(schema)}`);
  const result = z.safeParse(schema, input, { error: issueMessage });
  if (result.success) return { success: true, data: result.data };
  const issues = result.error.issues.flatMap(toFieldIssues);
  return { success: false, issues, message: summarizeIssues(issues) };
}
