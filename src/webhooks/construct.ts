import { kindOf, optionalFunction, optionsObject } from '../schemas/checks.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import { WebhookSignatureError } from './errors.js';
import { type ParseWebhookEventOptions, parseWebhookEvent, type WebhookEvent } from './events.js';
import { EVENT_HEADER, readHeader, SIGNATURE_HEADER, type WebhookHeaders } from './headers.js';
import type { WebhookPayload } from './payload.js';
import type { WebhookSecret } from './secrets.js';
import { verifyWebhookSignature, verifyWebhookSignatureSync } from './verify.js';

/** Options of {@link constructWebhookEvent}. */
export interface ConstructWebhookEventOptions extends ParseWebhookEventOptions {
  /**
   * Reject a body whose `timestamp` is further than this from now, in seconds (replay
   * protection). Off by default: the service's retries keep the original timestamp, so a
   * tolerance must cover the retry schedule (about 31 s, plus your own downtime).
   * @default undefined
   */
  toleranceSeconds?: number;
  /** The current time in ms, for tests. @default Date.now */
  now?: () => number;
}

const CONSTRUCT_OPTION_NAMES = {
  onIssue: 0,
  toleranceSeconds: 0,
  now: 0,
} satisfies OptionNames<ConstructWebhookEventOptions>;

/**
 * Verifies a delivery and parses it: the signature over the raw body, then the JSON body, then
 * the `X-Webhook-Event` header (when present) against the body's `event`, since the header is
 * not signed.
 *
 * @param payload The raw body, exactly as received.
 * @param headers Fetch `Headers`, Node `IncomingHttpHeaders` or a plain record.
 * @param secret The subscription's secret, or several during rotation.
 * @throws {WebhookSignatureError} with a `reason`; {WebhookParseError} for a bad body.
 * @example
 * const event = await constructWebhookEvent(await request.text(), request.headers, process.env.WEBHOOK_SECRET!);
 */
export async function constructWebhookEvent(
  payload: WebhookPayload,
  headers: WebhookHeaders,
  secret: WebhookSecret,
  options?: ConstructWebhookEventOptions,
): Promise<WebhookEvent> {
  const {
    onIssue,
    toleranceSeconds: tolerance,
    now = Date.now,
  } = refuseUnknownOptions(
    optionsObject(options, 'constructWebhookEvent options'),
    CONSTRUCT_OPTION_NAMES,
    'constructWebhookEvent',
  );
  optionalFunction(onIssue, 'onIssue');
  optionalFunction(now, 'now');
  if (tolerance !== undefined && !(typeof tolerance === 'number' && tolerance >= 0))
    throw new TypeError(`toleranceSeconds must be a number of seconds >= 0, got ${kindOf(tolerance)}`);
  const signature = readHeader(headers, SIGNATURE_HEADER);
  if (signature === undefined || signature === '') {
    throw new WebhookSignatureError('missing_signature', 'Webhook has no X-Webhook-Signature header');
  }
  const valid =
    verifyWebhookSignatureSync(payload, signature, secret) ??
    (await verifyWebhookSignature(payload, signature, secret));
  if (!valid) {
    throw new WebhookSignatureError(
      'invalid_signature',
      'Webhook signature does not match the body: check the secret and that the raw body was passed unchanged',
    );
  }
  const event = parseWebhookEvent(payload, { onIssue });
  const headerEvent = readHeader(headers, EVENT_HEADER);
  if (headerEvent !== undefined && headerEvent !== event.event) {
    throw new WebhookSignatureError(
      'event_mismatch',
      `X-Webhook-Event header "${headerEvent}" does not match the signed body's event "${event.event}"`,
    );
  }
  if (tolerance !== undefined) {
    const ageSeconds = (now() - Date.parse(event.timestamp)) / 1000;
    // Written as "not within" so that a timestamp that is not a date (NaN) is refused too.
    if (!(Math.abs(ageSeconds) <= tolerance)) {
      throw new WebhookSignatureError(
        'timestamp_out_of_tolerance',
        Number.isNaN(ageSeconds)
          ? 'Webhook timestamp is not a date, so its age cannot be checked against toleranceSeconds'
          : `Webhook timestamp is ${Math.round(ageSeconds)} s from now, beyond the ${tolerance} s tolerance`,
      );
    }
  }
  return event;
}
