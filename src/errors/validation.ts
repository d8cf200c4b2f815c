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

/** The service answered 2xx with a body that breaks the contract (a missing or mistyped field). */
export class ResponseValidationError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'ResponseValidationError';
  /** Every field at fault. */
  readonly issues: readonly FieldIssue[];
  /** The raw body as received. */
  readonly body: string;
  /** The HTTP status. */
  readonly status: number;
  /** The `X-Request-Id` of the answer. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    details: { issues: readonly FieldIssue[]; body: string; status: number; requestId: string | undefined },
  ) {
    super(`Unexpected response: ${message}`);
    this.issues = details.issues;
    this.body = details.body;
    this.status = details.status;
    this.requestId = details.requestId;
  }
}
