/**
 * `npm run demo`: the whole SDK at work, with no account and no key. Starts the reference mock
 * on a free localhost port and a webhook receiver built with the SDK's helpers, then walks the
 * interface document's recommended order. With PIX_PAYMENTS_BASE_URL and PIX_PAYMENTS_SECRET_KEY
 * set it talks to that service instead, and creates a payout only with --allow-payouts. It prints
 * the URL of the mock's dashboard; --keep leaves the mock running at the end, to look around.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPaymentsError, PaymentsClient, type Transaction } from 'pix-payments';
import { type MockServer, startMockServer } from 'pix-payments/mock';
import { pixCodeToTerminal } from 'pix-payments/qr';
import { createNodeWebhookHandler, type WebhookEvent } from 'pix-payments/webhooks';

const real = Boolean(process.env.PIX_PAYMENTS_BASE_URL && process.env.PIX_PAYMENTS_SECRET_KEY);
const allowPayouts = !real || process.argv.includes('--allow-payouts');
/** Keep the embedded mock (and its dashboard) running after the walk, until Ctrl-C. */
const keep = process.argv.includes('--keep');
const brl = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const step = (n: number, what: string) => console.log(`\n${n}. ${what}`);
const detail = (text: string) => console.log(`   ${text}`);

interface Receiver {
  url: string;
  events: WebhookEvent[];
  server: Server;
  attach(secret: string): void;
}

/** Webhook lines received and not shown yet. */
const pending: string[] = [];

/** Shows the webhooks received so far, after the step that caused them. */
function showWebhooks(): void {
  for (const line of pending.splice(0)) console.log(line);
}

async function startReceiver(): Promise<Receiver> {
  const events: WebhookEvent[] = [];
  let handle: ReturnType<typeof createNodeWebhookHandler> | undefined;
  const server = createServer((req, res) => (handle ? void handle(req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/pix`,
    events,
    server,
    attach(secret) {
      handle = createNodeWebhookHandler({
        secret,
        onEvent: (event) => {
          events.push(event);
          const status = 'status' in event.data ? ` ${event.data.status}` : '';
          // Queued, not printed: deliveries arrive while a step prints, and would cut its lines.
          pending.push(`   ⇠ webhook ${event.event}${status}: signature verified`);
        },
      });
    },
  };
}

/** Waits until `ready()` holds, for at most `seconds`; then shows the webhooks that came. */
async function waitFor(what: string, ready: () => boolean, seconds = 10): Promise<boolean> {
  console.log(`   waiting for ${what}…`);
  for (let i = 0; i < seconds * 10 && !ready(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  showWebhooks();
  console.log(ready() ? `   ${what} arrived` : `   gave up waiting for ${what}`);
  return ready();
}

async function main(): Promise<void> {
  let mock: MockServer | undefined;
  let client: PaymentsClient;
  if (real) {
    client = new PaymentsClient();
    console.log(
      `pix-payments demo against ${client.baseUrl}${allowPayouts ? '' : ' (payouts off: pass --allow-payouts to send real money)'}`,
    );
  } else {
    mock = await startMockServer({ webhookRetryDelaysMs: [200, 400, 800] });
    client = new PaymentsClient({
      baseUrl: mock.url,
      secretKey: mock.service.secretKey,
      userToken: () => mock?.service.issueUserToken() ?? '',
    });
    console.log(`pix-payments demo against the embedded reference mock at ${mock.url} (no account, no key)`);
    console.log(
      `dashboard: ${mock.url}/ (updates live while the demo runs${keep ? '' : '; --keep leaves it open'})`,
    );
  }
  const receiver = mock ? await startReceiver() : undefined;
  try {
    if (mock && receiver) {
      const { secret } = await client.webhooks.create({
        url: receiver.url,
        events: [
          'transaction.created',
          'transaction.completed',
          'cashout.created',
          'cashout.processing',
          'cashout.completed',
        ],
        description: 'demo receiver',
      });
      receiver.attach(secret);
      console.log(
        `webhook receiver listening on ${receiver.url} (subscribed; deliveries are verified with the SDK)`,
      );
    }

    step(1, 'GET /v1/integrations/balance');
    const balance = await client.balance.retrieve();
    detail(
      `available ${brl(balance.available ?? 0)} ${balance.currency}, pending ${brl(balance.pending ?? 0)}`,
    );

    step(
      2,
      'POST /v1/integrations/create-transaction  { amount: 19.90, tracking_parameters: { utm_source: "demo" } }',
    );
    const charge = await client.transactions.create({
      amount: 19.9,
      description: 'pix-payments demo',
      trackingParameters: { utm_source: 'demo', utm_medium: 'cli', utm_campaign: 'quickstart' },
    });
    detail(`${charge.status} ${charge.transactionId}`);
    detail('scan to pay (pixCode as a QR code):');
    console.log(
      pixCodeToTerminal(charge.pixCode, { border: 1 })
        .split('\n')
        .map((line) => `   ${line}`)
        .join('\n'),
    );
    detail(`pixCode ${charge.pixCode}`);
    await mock?.service.settle();
    showWebhooks();

    if (mock) {
      step(3, `the payer pays: POST /__mock/charges/${charge.transactionId}/pay (scenario control)`);
      const paid = await fetch(`${mock.url}/__mock/charges/${charge.transactionId}/pay`, { method: 'POST' });
      detail(`mock answered ${paid.status}`);
      await waitFor(
        'transaction.completed',
        () => receiver?.events.some((e) => e.event === 'transaction.completed') ?? false,
      );
    } else {
      step(3, 'pay the charge with a banking app to see it COMPLETED (this demo does not wait for it)');
    }

    step(4, `GET /v1/integrations/list-transactions?transactionId=${charge.transactionId}`);
    const found = await client.transactions.retrieve(charge.transactionId);
    detail(
      `${found.status}${found.paidAt ? `, paid at ${found.paidAt}` : ''}, utm_source ${found.trackingParameters.utm_source}`,
    );

    let payout: Transaction | undefined;
    if (allowPayouts) {
      step(
        5,
        'POST /v1/integrations/create-cashout  { amount: 100.00, pixKey: "ana@example.com", pixKeyType: "EMAIL" }',
      );
      const created = await client.cashouts
        .create({ amount: 100, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' })
        .withResponse();
      detail(`${created.status}: ${created.data.status} ${created.data.transactionId}`);
      detail(
        `amount ${brl(created.data.amount)}, fee ${brl(created.data.feeAmount)}, receiver gets ${brl(created.data.finalAmount)}`,
      );
      detail(`idempotency key ${created.idempotencyKey} (reused on every retry: a retry never pays twice)`);
      // The payout is processed after the answer: its webhooks follow, in order.
      await mock?.service.settle();
      showWebhooks();

      step(6, `GET /v1/integrations/cashout/${created.data.transactionId}`);
      payout = await client.cashouts.retrieve(created.data.transactionId as string);
      detail(`${payout.status}${payout.endToEndId ? `, endToEndId ${payout.endToEndId}` : ''}`);
    } else {
      step(5, 'create-cashout skipped: real money (pass --allow-payouts)');
    }

    step(7, 'GET /v1/integrations/list-transactions (auto-pagination, 1 per page)');
    let count = 0;
    for await (const tx of client.transactions.list({ perPage: 1 })) {
      count += 1;
      if (count <= 5)
        detail(
          `${tx.type.padEnd(8)} ${tx.status.padEnd(10)} ${brl(tx.amount).padStart(8)}  ${tx.transactionId}`,
        );
    }
    detail(`${count} transaction(s), read page by page`);

    await mock?.service.settle();
    const after = await client.balance.retrieve();
    console.log('\nSummary');
    detail(`charge ${charge.transactionId}: ${found.status}`);
    if (payout) detail(`payout ${payout.transactionId}: ${payout.status}, fee ${brl(payout.feeAmount)}`);
    detail(`balance: ${brl(balance.available ?? 0)} → ${brl(after.available ?? 0)} ${after.currency}`);
    showWebhooks();
    if (receiver) detail(`webhooks verified: ${receiver.events.map((e) => e.event).join(', ')}`);
    console.log('\nDone. Next:');
    detail('examples/ holds a runnable file per task (npx tsx examples/quickstart.ts)');
    detail('npx pix-payments-mock --help: the mock as a sandbox for curl, Postman or any language');
    detail('README.md: reading answers, errors and retries, webhooks (onError, answers, retries)');
    if (mock && keep) {
      console.log(`\nThe mock and its dashboard stay at ${mock.url}/ until Ctrl-C.`);
      await new Promise((resolve) => process.once('SIGINT', resolve));
    }
  } finally {
    receiver?.server.close();
    await mock?.close();
  }
}

main().catch((error: unknown) => {
  const message = isPaymentsError(error)
    ? `${error.name}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);
  console.error(`\ndemo failed: ${message}`);
  process.exitCode = 1;
});
