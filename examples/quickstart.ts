/**
 * Quickstart: the recommended call order of the service's interface document.
 * Run: npx tsx examples/quickstart.ts (against the embedded mock, or your service via env vars)
 */
import { connect } from './setup.js';

const { client, close } = await connect();
try {
  // 1. Balance
  const balance = await client.balance.retrieve();
  // The interface document leaves the balance's shape open, so its fields are optional.
  console.log(`balance: ${balance.available?.toFixed(2)} ${balance.currency} available`);

  // 2. Create a charge (CASHIN); show its pixCode to the payer
  const charge = await client.transactions.create({ amount: 49.9, description: 'Pedido 1001' });
  console.log(`charge: ${charge.transactionId} ${charge.status}`);
  console.log(`pixCode: ${charge.pixCode.slice(0, 40)}…`);

  // 3. Read it back (paid only when COMPLETED)
  const found = await client.transactions.retrieve(charge.transactionId);
  console.log(`lookup: ${found.status}`);

  // 4. Create a payout (CASHOUT): a fixed 5.00 fee is deducted
  const payout = await client.cashouts.create({
    amount: 100,
    pixKey: 'ana@example.com',
    pixKeyType: 'EMAIL',
  });
  console.log(
    `payout: ${payout.transactionId} ${payout.status}, fee ${payout.feeAmount.toFixed(2)}, receiver gets ${payout.finalAmount.toFixed(2)}`,
  );

  // 5. Read the payout back
  const readBack = await client.cashouts.retrieve(payout.transactionId as string);
  console.log(`payout now: ${readBack.status}`);
} finally {
  await close();
}
