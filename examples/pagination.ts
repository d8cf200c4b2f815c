/**
 * Auto-pagination and filters: `for await` walks every page; pages can be walked by hand too.
 * Run: npx tsx examples/pagination.ts
 */
import { connect } from './setup.js';

const { client, mock, close } = await connect();
try {
  for (let i = 1; i <= 12; i++) {
    const charge = await client.transactions.create({ amount: i * 10 });
    if (i % 3 === 0)
      await fetch(`${mock?.url}/__mock/charges/${charge.transactionId}/pay`, { method: 'POST' });
  }

  let count = 0;
  let total = 0;
  const today = new Date().toISOString().slice(0, 10);
  for await (const tx of client.transactions.list({
    type: 'CASHIN',
    status: 'COMPLETED',
    dateFrom: today,
    perPage: 2,
  })) {
    count += 1;
    total += tx.amount;
  }
  console.log(`completed charges today: ${count}, total ${total.toFixed(2)}`);

  const page = await client.transactions.list({ perPage: 5 });
  console.log(
    `page ${page.meta?.current_page} of ${page.meta?.last_page}: ${page.data.length} records of ${page.meta?.total}`,
  );
  const next = await page.getNextPage();
  console.log(`next page starts at record ${next.meta?.from}; more after it: ${next.hasNextPage()}`);
} finally {
  await close();
}
