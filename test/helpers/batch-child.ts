/** A process that pays a 200-line batch slowly; the test kills it half-way (see create-many.test.ts). */
import { PaymentsClient } from '../../src/index.js';
import { batchItems } from './batch-items.js';

const client = new PaymentsClient({
  secretKey: process.env.KEY as string,
  baseUrl: process.env.URL as string,
  logLevel: 'off',
});
for await (const line of client.cashouts.createMany(batchItems(), {
  batchId: 'payroll-2026-11',
  concurrency: 2,
})) {
  process.stdout.write(`${line.index}\n`);
}
