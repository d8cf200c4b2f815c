/**
 * The JSON state file of version 1 (before the SQLite database; now only imported), and the
 * schema every kept state is checked against, read from JSON or from the database. The file is
 * JSON marked `"format": "pix-payments-mock-state"` with a `version`. Reading refuses, in one line, a file that is not JSON, not ours, of a newer version, or not a
 * valid state.
 */
import * as z from 'zod/mini';
import { CLOCK_RANGE, isClockTime } from '../../mock/domain/clock.js';
import { LedgerEntry } from '../../mock/domain/entries.js';
import { StoredTransaction } from '../../mock/domain/records.js';
import type { SavedStore } from '../../mock/domain/store.js';
import type { SavedSubscriptions } from '../../mock/domain/subscriptions.js';
import type { MockMerchant } from '../../mock/options.js';
import { IsoDateTime } from '../../schemas/formats.js';
import { safeParseWith, summarizeIssues } from '../../schemas/parse.js';
import { HttpUrl } from '../../schemas/primitives.js';
import { WEBHOOK_SUBSCRIPTION_STATUSES, WebhookEventName } from '../../schemas/webhook-subscription.js';
import { inconsistency } from './state-consistency.js';
import { StateFileError } from './state-error.js';

/** The marker that says a JSON file is a state file of this mock. */
export const STATE_FORMAT = 'pix-payments-mock-state';
/** The last version of the JSON state file (the database replaced it): the only one imported. */
export const STATE_VERSION = 1;

/** Everything a mock server keeps, as its state file holds it. */
export interface SavedState {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  /** The real time of the write (ISO 8601): the mock's clock goes on from `now` by the time since. */
  savedAt: string;
  /** The mock's clock at the write. */
  now: Date;
  jwtSecret: string;
  merchants: MockMerchant[];
  store: SavedStore;
  subscriptions: SavedSubscriptions;
  /** The sequence of varied answers: its seed, and how many answers it has written. */
  answers: { seed: number; position: number };
}

const Cents = z.int();
const Amount = Cents.check(z.gte(0));
const Text = z.nullable(z.string());
const DateText = z
  .string()
  .check(z.refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO 8601 date-time'));
const ClockTime = z.pipe(
  DateText.check(
    z.refine((text) => Number.isNaN(Date.parse(text)) || isClockTime(Date.parse(text)), {
      error: `must be a time ${CLOCK_RANGE}`,
    }),
  ),
  z.transform((text) => new Date(text)),
);

const Merchant = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  secretKey: z.string(),
  publicKey: z.string(),
  initialBalanceCents: Cents,
  manualApproval: z.boolean(),
  cashInFeeCents: Amount,
});

const Subscription = z.object({
  id: z.string(),
  url: HttpUrl,
  events: z.array(WebhookEventName),
  status: z.enum(WEBHOOK_SUBSCRIPTION_STATUSES),
  description: Text,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  merchantId: z.string(),
  secret: z.string(),
});

const Delivery = z.object({
  deliveryId: z.string(),
  webhookId: z.string(),
  merchantId: z.string(),
  event: z.string(),
  url: z.string(),
  attempt: z.int(),
  at: z.string(),
  status: z.exactOptional(z.int()),
  error: z.exactOptional(z.string()),
  ok: z.boolean(),
  durationMs: z.number(),
  headers: z.record(z.string(), z.string()),
  response: z.exactOptional(z.string()),
  resent: z.exactOptional(z.boolean()),
  body: z.string(),
});

const Balance = z.object({ availableCents: Cents, pendingCents: Cents });

const SavedStateSchema = z.object({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  savedAt: DateText,
  now: ClockTime,
  jwtSecret: z.string().check(z.minLength(1)),
  merchants: z.array(Merchant).check(z.minLength(1)),
  store: z.object({
    // The kept record's one schema: strict (exact instants, integer cents, known statuses).
    records: z.array(StoredTransaction),
    // A JSON state file of format 1 has none: its entries follow from its records.
    entries: z.exactOptional(z.array(LedgerEntry)),
    claims: z.array(z.tuple([z.string(), z.object({ fingerprint: z.string(), recordId: z.int() })])),
    balances: z.array(z.tuple([z.string(), Balance])),
    nextId: z.int().check(z.gte(1)),
    lastCreatedAt: z.number(),
  }),
  subscriptions: z.object({ subscriptions: z.array(Subscription), deliveries: z.array(Delivery) }),
  answers: z.object({ seed: z.int(), position: z.int().check(z.gte(0)) }),
});

/** The one-line refusal of a state file: it names the file, the rule, and says the file is untouched. */
export const refused = (path: string, why: string) =>
  new StateFileError(`The state file ${path} ${why}; it was left as it is.`);

/**
 * The state in a file's text.
 * @throws StateFileError, in one line naming the file, when the text is not JSON, not a state
 *   file, of a newer version, or not a valid state. The message never quotes the file (it holds keys).
 */
export function decodeState(text: string, path: string): SavedState {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw refused(path, 'is not valid JSON (corrupt or cut short)');
  }
  if (
    typeof document !== 'object' ||
    document === null ||
    !('format' in document) ||
    document.format !== STATE_FORMAT
  ) {
    throw refused(path, `is not a state file of the pix-payments mock (no "format": "${STATE_FORMAT}")`);
  }
  const version = (document as { version?: unknown }).version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw refused(path, 'has no valid "version" (a whole number from 1)');
  }
  if (version > STATE_VERSION) {
    throw refused(
      path,
      `has version ${version}, newer than this pix-payments reads (${STATE_VERSION}): update pix-payments`,
    );
  }
  return validateState(document, path);
}

/**
 * A state document (of the current version: from a JSON file, or read from the database) checked
 * against the schema and the ledger.
 * @throws StateFileError, in one line naming the file, when it is not a valid state.
 */
export function validateState(document: unknown, path: string): SavedState {
  const outcome = safeParseWith(SavedStateSchema, document);
  if (!outcome.success) {
    throw refused(path, `does not hold a valid state (${summarizeIssues(outcome.issues.slice(0, 3))})`);
  }
  const state: SavedState = outcome.data;
  const problem = inconsistency(state);
  if (problem !== undefined) throw refused(path, `does not hold a valid state (${problem})`);
  return state;
}
