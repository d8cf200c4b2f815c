/** The errors a webhook delivery can raise. Neither ever carries the signing secret. */
import { PaymentsError } from '../errors/base.js';
import { ERROR_CLASS } from '../errors/brand.js';
import type { FieldIssue } from '../schemas/parse.js';

/** Why a delivery was not accepted as authentic. */
export type WebhookSignatureFailure =
  | 'missing_signature'
  | 'invalid_signature'
  | 'event_mismatch'
  | 'timestamp_out_of_tolerance';

/** A delivery whose signature, event header or timestamp cannot be trusted. */
export class WebhookSignatureError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'WebhookSignatureError';
  /** Machine-readable reason. */
  readonly reason: WebhookSignatureFailure;

  constructor(reason: WebhookSignatureFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A delivery body that is not valid JSON or not a valid event. */
export class WebhookParseError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'WebhookParseError';
  /** The first field at fault, e.g. `data.referenceId` (`""` for the whole body). */
  readonly path: string;
  /** Every field at fault. */
  readonly issues: readonly FieldIssue[];

  constructor(message: string, issues: readonly FieldIssue[] = []) {
    super(message);
    this.issues = issues;
    this.path = issues[0]?.path ?? '';
  }
}

/** True for the errors that mean "this delivery is bad" (answer 400), not a bug in the receiver. */
export function isWebhookDeliveryError(error: unknown): error is WebhookSignatureError | WebhookParseError {
  return error instanceof WebhookSignatureError || error instanceof WebhookParseError;
}
