/** Errors where the request or the answer breaks the schemas. */
import type { FieldIssue } from '../schemas/parse.js';
import { keyShapedIn, redactKnown, redactSecrets } from '../schemas/redact.js';
import { PaymentsError } from './base.js';
import { ERROR_CLASS } from './brand.js';

type Secrets = readonly (string | undefined)[];

/** Issues with `redact` applied to their paths and messages: a path may name a key someone else chose. */
function redactIssues(issues: readonly FieldIssue[], redact: (text: string) => string): FieldIssue[] {
  return issues.map((issue) => ({ ...issue, path: redact(issue.path), message: redact(issue.message) }));
}

/** The request is invalid; nothing was sent. */
export class ValidationError extends PaymentsError {
  /** @internal */
  static override readonly [ERROR_CLASS]: string = 'ValidationError';
  /** Every field at fault, with its rule. */
  readonly issues: readonly FieldIssue[];

  /** `secrets`: the client's secret key and user token, redacted (a caller may pass one by mistake as a field). */
  constructor(message: string, issues: readonly FieldIssue[], secrets: readonly (string | undefined)[] = []) {
    const redact = (text: string) => redactSecrets(text, secrets);
    super(`Invalid request: ${redact(message)}`);
    this.issues = redactIssues(issues, redact);
  }
}

/** What a response error carries that may hold secrets: kept off the instance's own keys. */
const carried = new WeakMap<object, { body: string; data: unknown; secrets: Secrets }>();

/**
 * The service answered 2xx with a body the client could not accept: an essential field missing
 * or corrupt (identity, money), or, with `responseValidation: 'strict'`, any mismatch. A create
 * or approve call may have moved money: the error carries `idempotencyKey`, the `body` as received
 * and the best-effort decoded `data`, so nothing is lost. Those two are redacted of the client's
 * key and token (`secrets`: the caller has them) and nothing else, as a new subscription's answer
 * carries its signing secret once. The message, stack, `toJSON()` and inspect output hold no
 * secret: neither the client's nor a signing secret, with or without `whsec_`.
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
      /** The client's secret key and user token: out of everything, `body` and `data` included. */
      secrets?: readonly (string | undefined)[];
    },
  ) {
    // With the body's key-shaped values: a signing secret is out of the message without `whsec_` too.
    const secrets = [...(details.secrets ?? []), ...keyShapedIn(details.body)];
    const redact = (text: string) => redactSecrets(text, secrets);
    super(`Unexpected response: ${redact(message)}`);
    this.issues = redactIssues(details.issues, redact);
    this.status = details.status;
    this.requestId = details.requestId && redact(details.requestId);
    const own = details.secrets ?? [];
    let data: unknown;
    try {
      // Round-tripped through JSON, which it came from: no depth limit of our own.
      data =
        details.data === undefined ? undefined : JSON.parse(redactKnown(JSON.stringify(details.data), own));
    } catch {
      // Nested too deep to write out again: the body still holds it all.
    }
    carried.set(this, { body: redactKnown(details.body, own), data, secrets });
  }

  /**
   * The body as received, without the client's key and token. It may hold a signing secret (a
   * new subscription's): kept out of `toJSON()` and inspect output.
   */
  get body(): string {
    return carried.get(this)?.body ?? '';
  }

  /** The answer as decoded, best effort (envelope unwrapped, money and ids normalised), when it was JSON; redacted as `body`. */
  get data(): unknown {
    return carried.get(this)?.data;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), body: redactSecrets(this.body, carried.get(this)?.secrets) };
  }
}
