/**
 * A merchant's own code: a checkout that charges an order and reports whether it is paid.
 * Its test (checkout.test.ts) runs it against pix-payments/mock.
 */
import type { PaymentsClient } from 'pix-payments';

export interface Order {
  id: string;
  total: number;
}

export class Checkout {
  constructor(private readonly client: PaymentsClient) {}

  /** Creates the PIX charge of an order; the order id is the idempotency key's seed. */
  async charge(order: Order): Promise<{ transactionId: string; pixCode: string }> {
    const charge = await this.client.transactions.create({
      amount: order.total,
      description: `Order ${order.id}`,
    });
    return { transactionId: charge.transactionId, pixCode: charge.pixCode };
  }

  /** True only when the charge is COMPLETED, the one status that means paid. */
  async isPaid(transactionId: string): Promise<boolean> {
    return (await this.client.transactions.retrieve(transactionId)).status === 'COMPLETED';
  }
}
