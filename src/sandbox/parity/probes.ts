/**
 * The script of a parity run: what is asked of the service and of the mock, alike. Paths,
 * methods and query names come from the operation table (src/endpoints.ts). Read-only by default:
 * every probe is a GET; with `--allow-charges`, a charge of 0.01 (a CASHIN: nothing moves until
 * a payer pays). Nothing here creates a payout, a subscription or anything that moves money.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { type Endpoint, endpoints, retrieveTransaction } from '../../endpoints.js';
import { CreateTransactionParams } from '../../schemas/charge.js';
import { ListCashoutsParams, ListTransactionsParams } from '../../schemas/list.js';

/** Which credential a probe sends: the secret key, a wrong key of the right shape, the user token. */
export type ProbeAuth = 'secret' | 'wrong-key' | 'user';

/** One request of the script. */
export interface Probe {
  /** What the output calls it, e.g. `transactions (filtered)`. */
  name: string;
  method: Endpoint['method'];
  /** The path with its query string. */
  target: string;
  auth: ProbeAuth;
  /** A page of records: when either side's is empty, the pair is not compared. */
  list?: true;
  /** A JSON body (POSTs of `--allow-charges` only). */
  body?: unknown;
  /**
   * Reads back the record another probe (named) made: each side asks for its own record, by the
   * `transactionId` it answered to that probe.
   */
  readsBack?: string;
}

/** What a probe of the table is asked: its entry, its path params, its query. */
function target(
  entry: Endpoint,
  params: Record<string, string> = {},
  query: Record<string, string> = {},
): string {
  const path = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

const listQuery = (entry: Endpoint, schema: z.ZodMiniType, params: object) =>
  entry.query?.(z.parse(schema, params)) ?? {};

/** A key of the service's shape that no merchant holds (random: never anyone's real key). */
export const wrongKey = () => `sk_live_prod_${randomUUID().replaceAll('-', '')}`;

/**
 * The read-only probes, in order. `unknownId` names a record neither side holds.
 * @param withUserToken adds the webhook event list and the subscriptions (GETs).
 */
export function readOnlyProbes(unknownId: string, withUserToken: boolean): Probe[] {
  const { getBalance, listTransactions, listCashouts, getCashout, listWebhookEvents, listWebhooks } =
    endpoints;
  const filtered = { type: 'CASHIN', perPage: 5 } as const;
  const probes: Probe[] = [
    { name: 'balance', method: 'GET', target: target(getBalance), auth: 'secret' },
    { name: 'transactions', method: 'GET', target: target(listTransactions), auth: 'secret', list: true },
    {
      name: 'transactions (filtered)',
      method: 'GET',
      target: target(listTransactions, {}, listQuery(listTransactions, ListTransactionsParams, filtered)),
      auth: 'secret',
      list: true,
    },
    { name: 'cashouts', method: 'GET', target: target(listCashouts), auth: 'secret', list: true },
    {
      name: 'cashouts (filtered)',
      method: 'GET',
      target: target(listCashouts, {}, listQuery(listCashouts, ListCashoutsParams, { perPage: 5 })),
      auth: 'secret',
      list: true,
    },
    {
      name: 'unknown transaction',
      method: 'GET',
      target: target(retrieveTransaction, {}, { transactionId: unknownId }),
      auth: 'secret',
    },
    { name: 'unknown cashout', method: 'GET', target: target(getCashout, { id: unknownId }), auth: 'secret' },
    { name: 'wrong key', method: 'GET', target: target(getBalance), auth: 'wrong-key' },
  ];
  if (withUserToken) {
    probes.push(
      { name: 'webhook events', method: 'GET', target: target(listWebhookEvents), auth: 'user', list: true },
      {
        name: 'webhook subscriptions',
        method: 'GET',
        target: target(listWebhooks),
        auth: 'user',
        list: true,
      },
    );
  }
  return probes;
}

/** The read-back target of a record, by its `transactionId`. */
export const readBackTarget = (transactionId: string) => target(retrieveTransaction, {}, { transactionId });

/**
 * The probes of `--allow-charges`: an invalid create-transaction body (422), a charge of 0.01, the
 * same charge again with the same `referenceId` (answered again, nothing new), both read back.
 * A charge is a CASHIN: nothing moves until a payer pays it.
 */
export function chargeProbes(referenceId: string): Probe[] {
  const { createTransaction } = endpoints;
  // What the output shows; each side asks for the id it answered (./run.ts).
  const readBack = `${retrieveTransaction.path}?transactionId=(its transactionId)`;
  const params = z.parse(CreateTransactionParams, {
    amount: 0.01,
    description: 'pix-payments-mock parity',
    referenceId,
  });
  const body = createTransaction.body?.(params);
  const post = { method: 'POST', target: createTransaction.path, auth: 'secret' } as const;
  return [
    { name: 'invalid charge', ...post, body: { description: 'pix-payments-mock parity: no amount' } },
    { name: 'charge 0.01', ...post, body },
    { name: 'charge 0.01 again', ...post, body },
    { name: 'charge read back', method: 'GET', target: readBack, auth: 'secret', readsBack: 'charge 0.01' },
    {
      name: 'charge again read back',
      method: 'GET',
      target: readBack,
      auth: 'secret',
      readsBack: 'charge 0.01 again',
    },
  ];
}
