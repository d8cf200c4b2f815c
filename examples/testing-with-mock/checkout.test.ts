/**
 * Testing your own app with pix-payments/mock in vitest: the mock answers the client in-process
 * (msw), and scenario control plays the payer.
 * Run: npx vitest run examples/testing-with-mock
 */
import { setupServer } from 'msw/node';
import { PaymentsClient, parseBrCode } from 'pix-payments';
import { createMockService } from 'pix-payments/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Checkout } from './checkout.js';

const mock = createMockService();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const checkout = new Checkout(new PaymentsClient({ baseUrl: mock.baseUrl, secretKey: mock.secretKey }));

describe('checkout', () => {
  it('charges the order total in a scannable PIX code', async () => {
    const { pixCode } = await checkout.charge({ id: 'A-1', total: 123.45 });
    expect(parseBrCode(pixCode).amountCents).toBe(12345);
  });

  it('reports an order paid only once the payer has paid', async () => {
    const { transactionId } = await checkout.charge({ id: 'A-2', total: 10 });
    expect(await checkout.isPaid(transactionId)).toBe(false);
    mock.simulate.payCharge(transactionId);
    expect(await checkout.isPaid(transactionId)).toBe(true);
  });

  it('does not report an expired charge as paid', async () => {
    const { transactionId } = await checkout.charge({ id: 'A-3', total: 10 });
    mock.simulate.expireCharge(transactionId);
    expect(await checkout.isPaid(transactionId)).toBe(false);
  });

  it('survives a flaky service: the client retries', async () => {
    mock.faults.inject({ route: 'create-transaction', kind: 'status', status: 503, times: 1 });
    await expect(checkout.charge({ id: 'A-4', total: 10 })).resolves.toMatchObject({
      transactionId: expect.any(String),
    });
    expect(mock.state.records()).toHaveLength(1);
  });
});
