/**
 * Prism (`@stoplight/prism-cli`) as a validating proxy in front of the reference mock, with
 * `--errors`: the SDK's end-to-end scenario runs through it, and any request or answer that the
 * shipped OpenAPI document does not allow becomes a Prism error answer and a log line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, PaymentsClient, UnprocessableEntityError } from '../../src/index.js';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';
import { OPENAPI_FILE, type Prism, shippedDocument, startPrismProxy } from './tools.js';

/** What Prism said about one exchange, when it found something wrong. */
interface Violation {
  request: string;
  status: number;
  found: string;
}

let mock: MockServer;
let prism: Prism;
let receiver: Server;
let hooksUrl = '';
const deliveries: { headers: IncomingHttpHeaders; body: string }[] = [];
const violations: Violation[] = [];

/** A fetch that notes every answer carrying Prism's verdict (header or problem body). */
const watchingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const request = `${init?.method ?? 'GET'} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`;
  const header = response.headers.get('sl-violations');
  const problem = (response.headers.get('content-type') ?? '').includes('problem+json');
  if (header !== null || problem) {
    violations.push({ request, status: response.status, found: header ?? (await response.clone().text()) });
  }
  return response;
};

const clientFor = (secretKey: string) =>
  new PaymentsClient({
    secretKey,
    baseUrl: prism.url,
    userToken: () => mock.service.issueUserToken(),
    responseValidation: 'strict',
    maxRetries: 0,
    fetch: watchingFetch,
    logLevel: 'off',
  });

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  hooksUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  mock = await startMockServer({ merchants: [{}, { manualApproval: true }], webhookRetryDelaysMs: [1] });
  prism = await startPrismProxy(OPENAPI_FILE, mock.url);
}, 30_000);

afterAll(async () => {
  await prism?.close();
  await mock?.close();
  await new Promise((done) => receiver?.close(done));
});

describe('Prism validating proxy in front of the mock', () => {
  it('finds no request or answer violation in the end-to-end scenario', async () => {
    const [merchant, manual] = mock.service.merchants;
    const client = clientFor(merchant?.secretKey as string);

    // The recommended call order of the interface document (4.9), then the money moving.
    expect((await client.balance.retrieve()).currency).toBe('BRL');
    const referenceId = crypto.randomUUID();
    const charge = await client.transactions.create({
      amount: 250.5,
      description: 'Pedido 42',
      clientName: 'Ana Souza',
      clientEmail: 'ana@example.com',
      clientPhone: '11998765432',
      clientCpf: '52998224725',
      trackingParameters: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'bf' },
      referenceId,
    });
    const again = await client.transactions
      .create({ amount: 250.5, referenceId })
      .withResponse()
      .catch((e) => e);
    expect(again).toBeInstanceOf(ConflictError);
    expect((await client.transactions.retrieve(charge.transactionId)).status).toBe('PENDING');
    const payout = await client.cashouts.create({
      amount: 100,
      pixKey: '+5511998765432',
      pixKeyType: 'PHONE',
    });
    expect((await client.cashouts.retrieve(payout.transactionId as string)).status).toBe('COMPLETED');
    expect((await client.cashouts.retrieve(payout.id as number)).transactionId).toBe(payout.transactionId);
    mock.service.simulate.payCharge(charge.transactionId);
    expect((await client.transactions.retrieve(charge.transactionId)).status).toBe('COMPLETED');
    await client.cashouts.create({ amount: 10, pixKey: 'fail@pix.test', pixKeyType: 'EMAIL' });

    // Lists, filtered and paged.
    for (let i = 1; i <= 3; i++) await client.transactions.create({ amount: i });
    const today = new Date().toISOString().slice(0, 10);
    const seen = [];
    for await (const tx of client.transactions.list({
      type: 'CASHIN',
      perPage: 2,
      dateFrom: today,
      dateTo: today,
    })) {
      seen.push(tx);
    }
    expect(seen).toHaveLength(4);
    expect((await client.transactions.list({ status: 'FAILED', origin: 'API' })).data).toHaveLength(1);
    expect((await client.cashouts.list({ page: 1, perPage: 5 })).data).toHaveLength(2);

    // Legacy approval, on the account that approves by hand.
    const held = await clientFor(manual?.secretKey as string).cashouts.create({
      amount: 20,
      pixKey: '11222333000181',
      pixKeyType: 'CNPJ',
    });
    const approved = await clientFor(manual?.secretKey as string).cashouts.approve({
      id: held.id as number,
      transactionId: held.transactionId as string,
    });
    expect(approved.transactionId).toBe(held.transactionId);

    // Error answers the document lists.
    await expect(client.cashouts.retrieve(999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      client.cashouts.create({ amount: 900_000, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' }),
    ).rejects.toBeInstanceOf(UnprocessableEntityError);
    // The client refuses to send a public key; the service answers it 403.
    const withPublicKey = await watchingFetch(`${prism.url}/v1/integrations/balance`, {
      headers: { authorization: `Bearer ${merchant?.publicKey}` },
    });
    expect(await withPublicKey.json()).toMatchObject({ code: 'FORBIDDEN' });
    await expect(clientFor(`sk_live_prod_${'x'.repeat(32)}`).balance.retrieve()).rejects.toMatchObject({
      status: 401,
    });
    expect(violations).toEqual([]);
  }, 30_000);

  it('finds none in webhook management, and the deliveries carry the headers the document names', async () => {
    const client = clientFor(mock.service.secretKey);
    expect((await client.webhooks.listEvents()).data.length).toBeGreaterThan(0);
    const created = await client.webhooks.create({
      url: hooksUrl,
      events: ['transaction.created', 'transaction.completed', 'cashout.created'],
      description: 'Prism',
    });
    expect((await client.webhooks.list()).data.map((s) => s.id)).toContain(created.id);
    expect((await client.webhooks.retrieve(created.id)).url).toBe(hooksUrl);
    await client.webhooks.update(created.id, { description: null, events: ['transaction.completed'] });
    expect((await client.webhooks.revalidate(created.id)).status).toBe('ACTIVE');
    const charge = await client.transactions.create({
      amount: 12.34,
      trackingParameters: { utm_source: 'x' },
    });
    mock.service.simulate.payCharge(charge.transactionId);
    await mock.service.settle();
    await client.webhooks.delete(created.id);
    await expect(client.webhooks.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(violations).toEqual([]);

    // biome-ignore lint/suspicious/noExplicitAny: the JSON document.
    const webhooks = (shippedDocument() as any).webhooks;
    expect(deliveries.map((d) => JSON.parse(d.body).event).sort()).toEqual([
      'transaction.completed',
      'webhook.revalidate',
    ]);
    for (const { headers, body } of deliveries) {
      const post = webhooks[JSON.parse(body).event].post;
      for (const header of post.parameters)
        expect(headers[header.name.toLowerCase()], header.name).toBeDefined();
      expect(headers['x-webhook-signature']).toMatch(/^[0-9a-f]{64}$/);
    }
  }, 30_000);

  it('logged no violation and no refused exchange', async () => {
    // A last exchange: once Prism has logged it, it has logged everything before it.
    const marker = crypto.randomUUID();
    await fetch(`${prism.url}/v1/integrations/list-transactions?id=${marker}`, {
      headers: { authorization: `Bearer ${mock.service.secretKey}` },
    });
    await prism.waitForLog(
      new RegExp(`${marker}[^\\n]*\\n[^\\n]*returned 200\\n[^\\n]*Received forward response`),
    );
    expect(prism.log()).not.toMatch(/violation/i);
    expect(prism.log()).not.toMatch(/Request terminated with error/);
    // The scenario did go through Prism.
    expect(prism.log()).toMatch(/Forwarding "post" request to .*create-cashout/);
  });
});

describe('the same harness against a document the mock does not follow', () => {
  it('sees the violation: Prism answers an error and logs it', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the JSON document.
    const wrong = shippedDocument() as any;
    wrong.components.schemas.Balance.required = ['overdraft'];
    const file = join(mkdtempSync(join(tmpdir(), 'pix-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(wrong));
    const strict = await startPrismProxy(file, mock.url);
    try {
      const response = await fetch(`${strict.url}/v1/integrations/balance`, {
        headers: { authorization: `Bearer ${mock.service.secretKey}` },
      });
      expect(response.headers.get('sl-violations')).toContain('overdraft');
      await strict.waitForLog(/Request terminated with error: .*VIOLATIONS/);
    } finally {
      await strict.close();
    }
  }, 30_000);
});
