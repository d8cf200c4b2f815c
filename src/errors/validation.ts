/** Errors where the request or the answer breaks the schemas. */
import type { FieldIssue } from '../schemas/parse.js';
import { PaymentsError } from './base.js';
import { ERROR_CLASS } from './brand.js';

/** The request is invalid; nothing was sent. */
export class ValidationError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'ValidationError';
  /** Every field at fault, with its rule. */
  readonly issues: readonly FieldIssue[];

  constructor(message: string, issues: readonly FieldIssue[]) {
    super(`Invalid request: ${message}`);
    this.issues = issues;
  }
}

/** What a response error carries that may hold secrets: kept off the instance's own keys. */
const carried = new WeakMap<object, { body: string; data: unknown }>();

/** Signing secrets (`"secret": "…"`, `whsec_…`) replaced, for what reaches logs. */
function redact(text: string): string {
  return text
    .replace(/("[^"\\]*secret[^"\\]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"[redacted]"')
    .replace(/whsec_[A-Za-z0-9]+/g, 'whsec_[redacted]');
}

/**
 * The service answered 2xx with a body the client could not accept: an essential field missing
 * or corrupt (identity, money), or, with `responseValidation: 'strict'`, any mismatch. A create
 * or approve call may have moved money: the error carries `idempotencyKey`, the raw `body` and
 * the best-effort decoded `data`, so nothing is lost. Signing secrets inside the body never
 * appear in its message, `toJSON()` or inspect output.
 */
export class ResponseValidationError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'ResponseValidationError';
  /** Every field at fault. */
  readonly issues: readonly FieldIssue[];
  /** The HTTP status. */
  readonly status: number;
  /** The `X-Request-Id` of the answer. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    details: {
      issues: readonly FieldIssue[];
      body: string;
      data?: unknown;
      status: number;
      requestId: string | undefined;
    },
  ) {
    super(`Unexpected response: ${message}`);
    this.issues = details.issues;
    this.status = details.status;
    this.requestId = details.requestId;
    carried.set(this, { body: details.body, data: details.data });
  }

  /** The raw body as received (may hold a signing secret: not in `toJSON()` or inspect output). */
  get body(): string {
    return carried.get(this)?.body ?? '';
  }

  /** The answer as decoded, best effort (envelope unwrapped, money and ids normalised), when it was JSON. */
  get data(): unknown {
    return carried.get(this)?.data;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), body: redact(this.body) };
  }
}
