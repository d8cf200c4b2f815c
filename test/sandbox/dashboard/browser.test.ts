/**
 * The dashboard in a real browser: an SDK client makes charges and payouts, the page shows them,
 * "Pay" completes a charge, the webhook reaches a receiver that verifies it, "Resend" sends it
 * again, a fault is injected from the form, every page passes axe, and a screenshot is drawn.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsClient } from '../../../src/index.js';
import { type MockServer, startMockServer } from '../../../src/mock-entry.js';
import { useReceivers } from '../../mock/receiver.js';
import { launchChromium } from '../../support/chromium.js';
import { distinctColours } from '../../support/png.js';

let server: MockServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  [server, browser] = await Promise.all([startMockServer(), launchChromium()]);
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  page = await context.newPage();
}, 20_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
const receiver = useReceivers();

/** The serious and critical accessibility violations axe finds on the page. */
async function seriousViolations(): Promise<string[]> {
  // Legacy mode runs in the page itself; the default opens a second page for each run (seconds).
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the dashboard in Chromium', () => {
  it('shows what the SDK made, pays a charge, shows the verified webhook, resends it, injects a fault, and passes axe', async () => {
    const client = new PaymentsClient({
      baseUrl: server.url,
      secretKey: server.service.secretKey,
      userToken: () => server.service.issueUserToken(),
    });
    let secret = '';
    const hook = await receiver(() => secret);
    ({ secret } = await client.webhooks.create({ url: hook.url, events: ['transaction.completed'] }));
    const charge = await client.transactions.create({ amount: 1234.56, description: '<b>Order 42</b>' });
    await client.cashouts.create({ amount: 50, pixKey: 'someone@pix.test', pixKeyType: 'EMAIL' });

    await page.goto(server.url);
    expect(await page.locator('main table').textContent()).toMatch(
      /Payout #2[\s\S]*Charge #1[\s\S]*R\$\s1\.234,56/,
    );
    expect(await page.getByText('<b>Order 42</b>').count()).toBe(1);
    expect(await seriousViolations()).toEqual([]);

    // Live: a record made now appears without a reload.
    await client.transactions.create({ amount: 2 });
    await page.getByRole('link', { name: 'Charge #3' }).waitFor({ timeout: 5000 });

    await page.getByRole('link', { name: 'Charge #1' }).click();
    expect(await page.locator('#pix-code').inputValue()).toBe(charge.pixCode);
    expect(await page.getByRole('img', { name: /QR code/ }).isVisible()).toBe(true);
    expect(await page.locator('button[id^="scenario-"]').allInnerTexts()).toEqual(['Pay', 'Expire', 'Fail']);
    expect(await seriousViolations()).toEqual([]);

    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Charge #1 is now COMPLETED.').waitFor();
    expect(await page.locator('dl.fields .badge').first().textContent()).toBe('COMPLETED');
    expect(await page.locator('button[id^="scenario-"]').allInnerTexts()).toEqual(['Reverse', 'Chargeback']);

    // The receiver verified the signature; the page shows the same delivery, updated live.
    await expect
      .poll(() => hook.events.map((e) => e.event), { timeout: 5000 })
      .toEqual(['transaction.completed']);
    const delivery = page.locator('details.delivery', { hasText: 'transaction.completed' });
    await delivery.waitFor({ timeout: 5000 });
    await delivery.locator('summary').click();
    const signature = hook.raw[0]?.headers['x-webhook-signature'] as string;
    expect(await delivery.getByText(signature).first().isVisible()).toBe(true);
    expect(await delivery.textContent()).toContain(hook.raw[0]?.headers['x-webhook-id'] as string);
    expect(await seriousViolations()).toEqual([]);

    await delivery.getByRole('button', { name: 'Resend' }).click();
    await page.getByText(/Resent transaction\.completed: the receiver answered 200 in \d+ ms\./).waitFor();
    expect(hook.raw).toHaveLength(2);
    expect(hook.raw[1]?.body.equals(hook.raw[0]?.body as Buffer)).toBe(true);

    await page.getByRole('link', { name: 'Webhooks' }).click();
    expect(await page.locator('table').first().textContent()).toContain(hook.url);
    expect(await seriousViolations()).toEqual([]);

    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByLabel('Type').selectOption('CASHIN');
    await page.getByLabel('Status').selectOption('COMPLETED');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await page.locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^Charge #1\t/)]);
    expect(await seriousViolations()).toEqual([]);

    await page.getByRole('link', { name: 'Faults' }).click();
    await page.getByLabel('Endpoint').selectOption('balance');
    await page.getByLabel('Status (error status)').fill('503');
    await page.getByRole('button', { name: 'Inject fault' }).click();
    await page.getByText('Fault injected; 1 faulty calls to come.').waitFor();
    expect(await seriousViolations()).toEqual([]);
    const balance = await fetch(`${server.url}/v1/integrations/balance`, {
      headers: { authorization: `Bearer ${server.service.secretKey}` },
    });
    expect(balance.status).toBe(503);

    // Keyboard: the first Tab reaches the skip link, and focus is drawn.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { text: el.textContent, outline: getComputedStyle(el).outlineStyle };
    });
    expect(focused).toEqual({ text: 'Skip to content', outline: 'solid' });

    await page.goto(`${server.url}/dashboard/transactions/${charge.transactionId}`);
    const shot = await page.screenshot({ fullPage: true });
    expect(distinctColours(shot)).toBeGreaterThan(20);
  }, 30_000);

  it('works without JavaScript: the Pay button posts its form and the page comes back with COMPLETED', async () => {
    const client = new PaymentsClient({ baseUrl: server.url, secretKey: server.service.secretKey });
    const charge = await client.transactions.create({ amount: 3 });
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto(`${server.url}/dashboard/transactions/${charge.transactionId}`);
      expect(await plain.getByRole('button', { name: 'Copy code' }).count()).toBe(0);
      await plain.getByRole('button', { name: 'Pay' }).click();
      await plain.getByText(/is now COMPLETED\./).waitFor();
      expect(await plain.locator('dl.fields .badge').first().textContent()).toBe('COMPLETED');
    } finally {
      await context.close();
    }
  });
});
