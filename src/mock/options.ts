/** Options of the reference mock, and their defaults. */
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
import type { MockTime } from './domain/clock.js';
import { newPublicKey, newSecretKey } from './domain/ids.js';
import { MOCK_ANSWERS, type MockAnswers } from './varied/varied-answers.js';

/** A merchant account of the mock. */
export interface MockMerchantOptions {
  /** Merchant id, the `sub` of its user tokens. @default 'merchant_1', 'merchant_2', … */
  id?: string;
  /** Name in BR Codes (at most 25 ASCII characters). @default 'PIX MOCK MERCHANT' */
  name?: string;
  /** City in BR Codes (at most 15 ASCII characters). @default 'SAO PAULO' */
  city?: string;
  /** `sk_live_prod_` + 32 alphanumerics. @default a random one */
  secretKey?: string;
  /** `pk_live_prod_` + 32 alphanumerics (refused with 403). @default a random one */
  publicKey?: string;
  /** Available balance at start, in cents (a safe integer). @default 1_000_000 (10,000.00 BRL) */
  initialBalanceCents?: number;
  /** Keep payouts PENDING until approve-cashout. @default false */
  manualApproval?: boolean;
  /** Cash-in fee in cents (a safe integer >= 0), kept from each paid charge. @default 0 */
  cashInFeeCents?: number;
}

/** Options of `createMockService`. */
export interface MockServiceOptions {
  /** Where the handlers answer. @default 'https://api.pix-mock.test' */
  baseUrl?: string;
  /** The merchants; the first is the default one (`mock.secretKey`). @default one merchant */
  merchants?: MockMerchantOptions[];
  /** The payout fee in cents (a safe integer >= 0). @default 500 (5.00 BRL, as the service charges) */
  payoutFeeCents?: number;
  /**
   * Where the mock's clock (`mock.clock`) starts, within years 2000 to 9999 (UTC). It then stands
   * still until a test moves it (`startMockServer` moves it with real time).
   * @default the current time
   * @example createMockService({ startAt: '2026-11-21T10:00:00Z' })
   */
  startAt?: MockTime;
  /** Secret the user JWTs are signed with (HS256). @default a random one */
  jwtSecret?: string;
  /** Lifetime of minted user tokens, in seconds. @default 3600 */
  userTokenTtlSeconds?: number;
  /** Waits between webhook delivery attempts, in ms. @default [1000, 2000, 4000, 8000, 16000] */
  webhookRetryDelaysMs?: readonly number[];
  /** How long a receiver has to answer a delivery, in ms. @default 10_000 */
  webhookTimeoutMs?: number;
  /** Deliver webhooks at all. @default true */
  deliverWebhooks?: boolean;
  /** A PENDING charge expires (CANCELLED) this long after its creation, in seconds. @default 3600 */
  chargeExpirySeconds?: number;
  /**
   * How successful answers are written. `'reference'`: always in the reference shapes.
   * `'varied'`: each answer in a shape the interface document allows or a real service sends,
   * chosen by `seed`: `{ data: … }` or bare resources; lists as `{ data, meta }`, Laravel's
   * paginator or a bare array; money and the legacy `id` as numeric strings; date-times in other
   * ISO 8601 forms of the same instant; null where null is what a field means; fields the
   * document leaves "not shown" absent; unknown fields added; webhook bodies written as PHP,
   * Python, Go, Java or Ruby write JSON. Identity, money values, status codes, error answers, what
   * webhook deliveries say and `/__mock/*` never change.
   * @default 'reference'
   * @example createMockService({ answers: 'varied', seed: 7 })
   */
  answers?: MockAnswers;
  /**
   * The seed of varied answers: the same seed and the same requests give the same answers.
   * A safe integer. @default 1
   */
  seed?: number;
}

/** The names {@link MockMerchantOptions} takes. */
const MERCHANT_OPTION_NAMES = {
  id: 0,
  name: 0,
  city: 0,
  secretKey: 0,
  publicKey: 0,
  initialBalanceCents: 0,
  manualApproval: 0,
  cashInFeeCents: 0,
} satisfies OptionNames<MockMerchantOptions>;

/** The names {@link MockServiceOptions} takes. */
export const MOCK_OPTION_NAMES = {
  baseUrl: 0,
  merchants: 0,
  payoutFeeCents: 0,
  startAt: 0,
  jwtSecret: 0,
  userTokenTtlSeconds: 0,
  webhookRetryDelaysMs: 0,
  webhookTimeoutMs: 0,
  deliverWebhooks: 0,
  chargeExpirySeconds: 0,
  answers: 0,
  seed: 0,
} satisfies OptionNames<MockServiceOptions>;

/**
 * Refuses, with a TypeError naming the one meant, an option name that `known` lacks, and one
 * that no merchant takes in `merchants`. A merchant's own option at the top level (`secretKey`)
 * is answered with where it goes, `merchants: [{ secretKey }]`; so are the names in `hints`.
 */
export function refuseUnknownMockOptions(
  options: MockServiceOptions,
  owner: string,
  known: object = MOCK_OPTION_NAMES,
  hints: Record<string, string> = {},
): void {
  for (const name of Object.keys(options)) {
    const hint = Object.hasOwn(MERCHANT_OPTION_NAMES, name)
      ? `merchants: [{ ${name} }]`
      : Object.hasOwn(hints, name)
        ? hints[name]
        : undefined;
    if (!Object.hasOwn(known, name) && hint !== undefined)
      throw new TypeError(`Unknown option ${name} of ${owner}; did you mean ${hint}?`);
  }
  refuseUnknownOptions(options, known, owner);
  const merchants = Array.isArray(options.merchants) ? options.merchants : [];
  for (const merchant of merchants)
    refuseUnknownOptions(Object(merchant), MERCHANT_OPTION_NAMES, `${owner}'s merchants`);
}

/** A merchant with every option resolved. */
export type MockMerchant = Required<MockMerchantOptions>;

/** Options with every default applied. */
export interface ResolvedOptions {
  baseUrl: string;
  merchants: MockMerchant[];
  payoutFeeCents: number;
  startAt: MockTime;
  jwtSecret: string;
  userTokenTtlSeconds: number;
  webhookRetryDelaysMs: readonly number[];
  webhookTimeoutMs: number;
  deliverWebhooks: boolean;
  chargeExpirySeconds: number;
  answers: MockAnswers;
  seed: number;
}

/** A sum of cents as an option: a safe integer (at least 0 unless `signed`), or a TypeError. */
function centsOption(name: string, value: number, signed = false): number {
  if (!Number.isSafeInteger(value) || (!signed && value < 0)) {
    throw new TypeError(
      `${name} must be a safe integer${signed ? '' : ' >= 0'} of cents, got ${String(value)}`,
    );
  }
  return value;
}

function resolveMerchant(options: MockMerchantOptions, index: number): MockMerchant {
  return {
    id: options.id ?? `merchant_${index + 1}`,
    name: options.name ?? 'PIX MOCK MERCHANT',
    city: options.city ?? 'SAO PAULO',
    secretKey: options.secretKey ?? newSecretKey(),
    publicKey: options.publicKey ?? newPublicKey(),
    initialBalanceCents: centsOption('initialBalanceCents', options.initialBalanceCents ?? 1_000_000, true),
    manualApproval: options.manualApproval ?? false,
    cashInFeeCents: centsOption('cashInFeeCents', options.cashInFeeCents ?? 0),
  };
}

/** The answers mode and seed, checked: a typo must not silently give the reference shapes. */
function answersOptions(options: MockServiceOptions): Pick<ResolvedOptions, 'answers' | 'seed'> {
  const answers = options.answers ?? 'reference';
  if (!MOCK_ANSWERS.includes(answers)) {
    throw new TypeError(`answers must be 'reference' or 'varied', got ${JSON.stringify(answers)}`);
  }
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new TypeError(`seed must be a safe integer, got ${String(seed)}`);
  return { answers, seed };
}

/**
 * Applies the defaults.
 * @throws TypeError for an unknown `answers` mode, a `seed` that is not a safe integer, or a sum of
 *   cents (balance, fees) that is not a safe integer.
 */
export function resolveOptions(options: MockServiceOptions = {}): ResolvedOptions {
  const merchants = (options.merchants?.length ? options.merchants : [{}]).map(resolveMerchant);
  return {
    baseUrl: (options.baseUrl ?? 'https://api.pix-mock.test').replace(/\/+$/, ''),
    merchants,
    payoutFeeCents: centsOption('payoutFeeCents', options.payoutFeeCents ?? 500),
    startAt: options.startAt ?? new Date(),
    jwtSecret: options.jwtSecret ?? newSecretKey(),
    userTokenTtlSeconds: options.userTokenTtlSeconds ?? 3600,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 2000, 4000, 8000, 16000],
    webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
    deliverWebhooks: options.deliverWebhooks ?? true,
    chargeExpirySeconds: options.chargeExpirySeconds ?? 3600,
    ...answersOptions(options),
  };
}
