/**
 * Error handling: each error class, what causes it, and what to do about it.
 * Run: npx tsx examples/error-handling.ts (needs the embedded mock: it injects faults)
 */
import {
  APIConnectionError,
  APITimeoutError,
  AuthenticationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PaymentsClient,
  PaymentsError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
  ValidationError,
} from 'pix-payments';
import { startMockServer } from 'pix-payments/mock';

// Two merchants, to show that one cannot read the other's records.
const mock = await startMockServer({ merchants: [{ id: 'shop' }, { id: 'other-shop' }] });
const client = new PaymentsClient({ baseUrl: mock.url, secretKey: mock.service.secretKey });
const otherShop = new PaymentsClient({ baseUrl: mock.url, secretKey: mock.service.merchants[1]?.secretKey });
const faults = mock.service.faults;
const impatient = new PaymentsClient({
  baseUrl: mock.url,
  secretKey: mock.service.secretKey,
  maxRetries: 0,
  timeout: 200,
});

function explain(error: unknown): string {
  if (error instanceof ValidationError) {
    // A rule the service answers with a code of its own (AMOUNT_BELOW_FEE, FORBIDDEN_FIELD) is
    // refused here, before sending: the issue carries the code (docs/errors.md, "Error codes").
    const codes = error.issues.flatMap((issue) => (issue.code === undefined ? [] : [issue.code]));
    return `fix the request: nothing was sent${codes.length > 0 ? ` (${codes.join(', ')})` : ''}`;
  }
  if (error instanceof AuthenticationError) return 'check the secret key';
  if (error instanceof PermissionDeniedError) return 'that record is not yours (or a public key was used)';
  if (error instanceof NotFoundError) return 'no such record: check the id';
  if (error instanceof ConflictError) return 'a key reused with another body: use a new idempotency key';
  if (error instanceof UnprocessableEntityError)
    return `a business rule of the service (${error.code}): tell the user`;
  if (error instanceof RateLimitError) return 'slow down (already retried, honouring Retry-After)';
  if (error instanceof InternalServerError)
    return 'the service failed: try later with the same idempotency key';
  if (error instanceof APITimeoutError) return 'no answer in time: try again with error.idempotencyKey';
  if (error instanceof APIConnectionError) return 'no answer: try again with error.idempotencyKey';
  if (error instanceof ResponseValidationError)
    return 'the answer broke the contract: report it with error.body';
  throw error;
}

async function show(what: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
    console.log(`${what}: no error`);
  } catch (error) {
    const name = error instanceof PaymentsError ? error.name : 'unexpected';
    console.log(`${what}: ${name}: ${explain(error)}`);
  }
}

try {
  const payout = { pixKey: 'ana@example.com', pixKeyType: 'EMAIL' } as const;
  await show('amount below the fee', () => client.cashouts.create({ ...payout, amount: 5 }));
  await show('unknown secret key', () =>
    new PaymentsClient({ baseUrl: mock.url, secretKey: `sk_live_prod_${'x'.repeat(32)}` }).balance.retrieve(),
  );
  const theirs = await otherShop.cashouts.create({ ...payout, amount: 10 });
  await show("another merchant's payout", () => client.cashouts.retrieve(theirs.id as number));
  await show('unknown payout', () => client.cashouts.retrieve(999_999));
  const idempotencyKey = crypto.randomUUID();
  await client.cashouts.create({ ...payout, amount: 10, idempotencyKey });
  await show('key reused with another amount', () =>
    client.cashouts.create({ ...payout, amount: 20, idempotencyKey }),
  );
  await show('more than the balance', () => client.cashouts.create({ ...payout, amount: 999_999 }));
  faults.inject({ route: 'balance', kind: 'rate-limit', retryAfterSeconds: 1 });
  await show('rate limited', () => impatient.balance.retrieve());
  faults.inject({ route: 'balance', kind: 'status', status: 500 });
  await show('service error', () => impatient.balance.retrieve());
  faults.inject({ route: 'balance', kind: 'latency', ms: 1000 });
  await show('slow service', () => impatient.balance.retrieve());
  faults.inject({ route: 'balance', kind: 'drop' });
  await show('dropped connection', () => impatient.balance.retrieve());
  // A 2xx that is not JSON is a lost answer: retried when the call may be repeated (here it may
  // not: no retries), then a connection error.
  faults.inject({ route: 'balance', kind: 'malformed' });
  await show('lost answer', () => impatient.balance.retrieve());
  // An answer without what no caller can do without (here: the payout's identity).
  await show('answer without identity', () =>
    new PaymentsClient({
      baseUrl: mock.url,
      secretKey: mock.service.secretKey,
      fetch: async () => new Response('{"data":{"status":"PENDING","amount":10}}', { status: 200 }),
    }).cashouts.retrieve(1),
  );
} finally {
  await mock.close();
}
