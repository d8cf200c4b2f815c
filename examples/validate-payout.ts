/**
 * Validate a payout locally before sending it: the same rules the service applies (amount above
 * the 5.00 fee, at most two decimals, PIX key valid for its type).
 * Run: npx tsx examples/validate-payout.ts
 */
import { CreateCashoutParams, formatCents, safeParseWith, toCents } from 'pix-payments';

const requests = [
  { amount: 150, pixKey: '529.982.247-25', pixKeyType: 'CPF' },
  { amount: 4.99, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' },
  { amount: 20, pixKey: '11222333000182', pixKeyType: 'CNPJ' },
];

for (const request of requests) {
  const outcome = safeParseWith(CreateCashoutParams, request);
  if (outcome.success) {
    const net = toCents(outcome.data.amount) - 500;
    console.log(`ok: ${outcome.data.pixKeyType} ${outcome.data.pixKey} receives ${formatCents(net)}`);
  } else {
    console.log(`rejected: ${outcome.message}`);
  }
}
