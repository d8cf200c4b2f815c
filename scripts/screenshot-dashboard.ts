/**
 * `npm run screenshot:dashboard`: the README's pictures of the mock's dashboard
 * (docs/dashboard.png, docs/dashboard-charge.png). Starts the mock and a webhook receiver built
 * with the SDK, makes a few charges and payouts as a merchant would, pays one, and photographs the
 * overview and that charge's page in Debian's Chromium (CHROMIUM_PATH to use another).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { PaymentsClient } from 'pix-payments';
import { startMockServer } from 'pix-payments/mock';
import { createNodeWebhookHandler } from 'pix-payments/webhooks';
import { launchChromium } from '../test/support/chromium.js';

const DOCS = resolve(import.meta.dirname, '../docs');
const TIME_ZONE = 'America/Sao_Paulo';
process.env.TZ = TIME_ZONE;

const mock = await startMockServer({ startAt: '2026-11-21T13:00:00Z' });
let handle: ReturnType<typeof createNodeWebhookHandler> | undefined;
const receiver = createServer((req, res) => (handle ? void handle(req, res) : res.writeHead(503).end()));
await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
const browser = await launchChromium();
try {
  const client = new PaymentsClient({
    baseUrl: mock.url,
    secretKey: mock.service.secretKey,
    userToken: () => mock.service.issueUserToken(),
  });
  const { secret } = await client.webhooks.create({
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/pix`,
    events: ['transaction.completed', 'cashout.completed'],
    description: 'shop backend',
  });
  handle = createNodeWebhookHandler({ secret, onEvent: () => {} });
  const order = await client.transactions.create({
    amount: 1234.56,
    description: 'Order #1042: espresso machine',
    trackingParameters: { utm_source: 'newsletter', utm_campaign: 'black-friday' },
  });
  await client.transactions.create({ amount: 89.9, description: 'Order #1043: coffee beans 1 kg' });
  await client.cashouts.create({ amount: 350, pixKey: 'supplier@example.com', pixKeyType: 'EMAIL' });
  const paid = await client.transactions.create({ amount: 42, description: 'Order #1044: mugs' });
  await fetch(`${mock.url}/__mock/charges/${paid.transactionId}/pay`, { method: 'POST' });
  await fetch(`${mock.url}/__mock/charges/${order.transactionId}/pay`, { method: 'POST' });
  await mock.service.settle();

  const context = await browser.newContext({
    viewport: { width: 1200, height: 820 },
    deviceScaleFactor: 1,
    timezoneId: TIME_ZONE,
  });
  const page = await context.newPage();
  await page.goto(mock.url);
  await page.screenshot({ path: `${DOCS}/dashboard.png` });
  await page.setViewportSize({ width: 1200, height: 1500 });
  await page.goto(`${mock.url}/dashboard/transactions/${order.transactionId}`);
  await page.locator('details.delivery summary').first().click();
  await page.screenshot({ path: `${DOCS}/dashboard-charge.png` });
  console.log(`wrote ${DOCS}/dashboard.png and ${DOCS}/dashboard-charge.png`);
} finally {
  await browser.close();
  receiver.close();
  await mock.close();
}
