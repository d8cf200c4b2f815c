/** Errors where the request or the answer breaks the schemas. */
import type { FieldIssue } from '../schemas/parse.js';
import { redactSecrets } from '../schemas/redact.js';
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
const carried = new WeakMap<
  object,
  { body: string; data: unknown; secrets: readonly (string | undefined)[] }
>();

/**
 * The service answered 2xx with a body the client could not accept: an essential field missing
 * or corrupt (identity, money), or, with `responseValidation: 'strict'`, any mismatch. A create
 * or approve call may have moved money: the error carries `idempotencyKey`, the raw `body` and
 * the best-effort decoded `data`, so nothing is lost. Signing secrets inside the body never
 * appear in its message, `toJSON()` or inspect output, nor do the client's key and token (`secrets`).
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
      /** The client's secret key and user token, redacted like key-shaped values. */
      secrets?: readonly (string | undefined)[];
    },
  ) {
    const secrets = details.secrets ?? [];
    const redact = (text: string) => redactSecrets(text, secrets);
    super(`Unexpected response: ${redact(message)}`);
    // An issue's path may name a key the service chose (a `trackingParameters` entry).
    this.issues = details.issues.map((issue) => ({
      ...issue,
      path: redact(issue.path),
      message: redact(issue.message),
    }));
    this.status = details.status;
    this.requestId = details.requestId && redact(details.requestId);
    carried.set(this, { body: details.body, data: details.data, secrets });
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
    return { ...super.toJSON(), body: redactSecrets(this.body, carried.get(this)?.secrets) };
  }
}
