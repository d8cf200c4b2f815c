/**
 * Reading a 2xx answer: decoded as "Reading answers" in docs/client.md says (`schemas/decode.ts`), then
 * accepted, reported or refused according to the call's `responseValidation` mode.
 */
import type * as z from 'zod/mini';
import { ResponseValidationError } from '../errors/validation.js';
import { type DecodeRules, decodeAnswer } from '../schemas/decode.js';
import { summarizeIssues } from '../schemas/parse.js';

/** An answer that did not match its schema, as `onResponseIssue` is told of it. */
export interface ResponseIssue {
  /** The call's method. */
  method: string;
  /** The endpoint's path template, e.g. `/v1/integrations/cashout/{id}`. */
  path: string;
  /** The field at fault, e.g. `_info` or `data[].pixKeyType`. */
  field: string;
  /** The rule it breaks, e.g. `must be a string; got null`. */
  rule: string;
  /** The `X-Request-Id` of the answer. */
  requestId: string | undefined;
}

/**
 * `lenient` (the default): an answer whose identity and money are intact is returned as received
 * (after normalising) and every other mismatch is reported; `strict`: any mismatch throws.
 */
export type ResponseValidation = 'lenient' | 'strict';

/** What `readAnswer` needs to know about the call and the answer. */
export interface AnswerContext {
  method: string;
  path: string;
  schema: z.ZodMiniType;
  rules: DecodeRules;
  mode: ResponseValidation;
  text: string;
  /** The parsed body; `undefined` when it was not JSON (JSON.parse never gives `undefined`). */
  json: unknown;
  status: number;
  requestId: string | undefined;
  /** The client's secret key and user token, never to be shown with the answer. */
  secrets: readonly (string | undefined)[];
  /** Told of each issue in lenient mode; the first of each endpoint and field also gets a log line. */
  report(issue: ResponseIssue, firstTime: boolean): void;
}

// "One warn line per endpoint and field per process".
const reported = new Set<string>();

/** The decoded data of a 2xx answer, or a `ResponseValidationError`. */
export function readAnswer(context: AnswerContext): unknown {
  const { text, status, requestId, secrets } = context;
  if (context.json === undefined)
    throw new ResponseValidationError('the body is not JSON', {
      issues: [],
      body: text,
      status,
      requestId,
      secrets,
    });
  const { data, issues, essential } = decodeAnswer(context.schema, context.json, context.rules);
  if (essential.length > 0 || (context.mode === 'strict' && issues.length > 0)) {
    const all = [...essential, ...issues];
    throw new ResponseValidationError(summarizeIssues(all), {
      issues: all,
      body: text,
      data,
      status,
      requestId,
      secrets,
    });
  }
  for (const issue of issues) {
    const field = issue.path.replace(/\[\d+\]/g, '[]');
    const key = `${context.method} ${context.path} ${field}`;
    const firstTime = !reported.has(key);
    reported.add(key);
    context.report(
      { method: context.method, path: context.path, field, rule: issue.message, requestId },
      firstTime,
    );
  }
  return data;
}
