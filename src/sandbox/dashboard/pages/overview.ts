/** `/`: the balance of each merchant, the latest records, and the reset button. */
import { listPage } from '../../../mock/domain/listing.js';
import { html, type SafeHtml } from '../escape.js';
import { formatBrl, timeTag } from '../format.js';
import { actionForm, recordTable } from '../parts.js';
import { here, type Page, type View } from '../view.js';

/** How many of the latest records the overview shows. */
const LATEST = 10;

function balances(view: View): SafeHtml {
  const merchants = view.ctx.options.merchants;
  return html`${merchants.map((merchant) => {
    const balance = view.ctx.store.balance(merchant.id);
    return html`<section aria-labelledby="balance-${merchant.id}">
<h2 id="balance-${merchant.id}">Balance${merchants.length > 1 ? html` of ${merchant.name} (${merchant.id})` : ''}</h2>
<dl class="cards">
<div class="card"><dt>Available</dt><dd>${formatBrl(balance.availableCents)}</dd></div>
<div class="card"><dt>Pending (payouts under way)</dt><dd>${formatBrl(balance.pendingCents)}</dd></div>
</dl>
</section>`;
  })}
<p class="muted">Mock time: ${timeTag(view.ctx.clock.now())}</p>`;
}

/** The overview page. */
export function overviewPage(view: View): Page {
  const merchant = view.ctx.options.merchants[0]?.id as string;
  const latest = listPage(view.ctx.store, merchant, { page: 1, per_page: LATEST });
  return {
    title: 'Overview',
    section: '/',
    body: html`<p>The reference mock at <code>${view.ctx.options.baseUrl}</code>. Create charges and payouts with the SDK,
then drive them from their pages.</p>
<div data-live="balance">${balances(view)}</div>
<h2>Latest records</h2>
<div data-live="latest">${recordTable(`The ${LATEST} latest records`, latest.records)}
<p><a href="/dashboard/transactions">Every transaction</a> · <a href="/dashboard/payouts">Every payout</a></p></div>
<h2>Reset</h2>
<p id="reset-help">Back to a fresh mock: no records, no subscriptions, initial balances, no faults. The keys stay.</p>
${actionForm({
  action: '/dashboard/actions/reset',
  label: 'Reset the mock',
  token: view.token,
  back: here(view),
  id: 'reset',
  className: 'danger',
  describedBy: 'reset-help',
})}`,
  };
}
