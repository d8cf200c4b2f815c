/**
 * The event with the order, in one PostgreSQL transaction: the receiver marks the order paid and
 * records the event as handled (PostgresDedupeStore.completeWithin) in the same transaction, so
 * the order is paid exactly once per charge, whenever a receiver dies: before the commit, nothing
 * happened and the service's retry does it all after the lease lapses; after it, the retry is a
 * duplicate. Needs PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Run: DATABASE_URL=postgres://… npx tsx examples/webhook-postgres-order.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createNodeWebhookHandler, PostgresDedupeStore } from 'pix-payments/webhooks';
import { subscribe } from './receive.js';
import { connect, payCharge } from './setup.js';

/** The app's own table: an order waits for the charge made with its id as `referenceId`. */
export const ORDERS_SQL = `CREATE TABLE IF NOT EXISTS example_orders (
  id uuid PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending',
  times_paid int NOT NULL DEFAULT 0
)`;

/** Where a test may stop a receiver: after the app's write, before its commit, or after the commit. */
export interface OrderReceiverHooks {
  beforeCommit?: (eventKey: string) => Promise<void>;
  afterCommit?: (eventKey: string) => Promise<void>;
}

/** A receiver that marks an order paid and records the event in one transaction. */
export function createOrderReceiver(
  pool: pg.Pool,
  store: PostgresDedupeStore,
  secret: string,
  hooks: OrderReceiverHooks = {},
) {
  return createNodeWebhookHandler({
    secret,
    store,
    // Short leases, so a redelivery after a crash is handled within seconds.
    processingTimeoutSeconds: 2,
    onEvent: async (event, { eventKey, leaseToken }) => {
      if (event.event !== 'transaction.completed') return;
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // times_paid counts the writes: it shows the order is paid once, not that it ends paid.
        await client.query(
          "UPDATE example_orders SET status = 'paid', times_paid = times_paid + 1 WHERE id = $1",
          [event.data.referenceId],
        );
        await hooks.beforeCommit?.(eventKey);
        // Throws WebhookLeaseLostError if another attempt may be handling the event now.
        await store.completeWithin(client, eventKey, leaseToken);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      await hooks.afterCommit?.(eventKey);
    },
  });
}

async function main(): Promise<void> {
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  const store = new PostgresDedupeStore(pool);
  const service = await connect();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await pool.query(ORDERS_SQL);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`;
    const receive = createOrderReceiver(pool, store, await subscribe(service, url));
    server.on('request', (req, res) => void receive(req, res));
    const orderId = crypto.randomUUID();
    await pool.query('INSERT INTO example_orders (id) VALUES ($1)', [orderId]);
    const charge = await service.client.transactions.create({ amount: 30, referenceId: orderId });
    if (service.mock === undefined) throw new Error('this example drives the payment through the mock');
    await payCharge(service.mock, charge.transactionId);
    await service.mock.service.settle();
    // The service sends the payment's delivery again (as after a lost answer): a duplicate.
    const paid = service.mock.service.state.deliveries.find((one) => one.event === 'transaction.completed');
    if (paid === undefined) throw new Error('the payment was not delivered');
    const again = await service.mock.service.deliveries.resend(paid.deliveryId);
    console.log(`delivered again: ${again.status} ${again.response}`);
    const { rows } = await pool.query('SELECT status, times_paid FROM example_orders WHERE id = $1', [
      orderId,
    ]);
    console.log(`order: ${rows[0].status}, paid ${rows[0].times_paid} time(s)`);
  } finally {
    server.close();
    await service.close();
    await pool.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
