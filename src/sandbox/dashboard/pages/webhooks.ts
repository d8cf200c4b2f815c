/** `/dashboard/webhooks`: the subscriptions and the delivery log, with resend. */

import { endpoints } from '../../../endpoints.js';
import { deliveryLog } from '../deliveries.js';
import { html, type SafeHtml } from '../escape.js';
import { timeTag } from '../format.js';
import { statusBadge } from '../parts.js';
import { here, type Page, type View } from '../view.js';

function subscriptions(view: View): SafeHtml {
  const all = view.ctx.options.merchants.flatMap((m) => view.ctx.subscriptions.of(m.id));
  if (all.length === 0) {
    return html`<p class="muted">No subscription yet: create one with <code>POST ${endpoints.createWebhook.path}</code>
(or start the CLI with <code>--forward-to URL</code>).</p>`;
  }
  const several = view.ctx.options.merchants.length > 1;
  return html`<table>
<caption>Subscriptions</caption>
<thead><tr><th scope="col">URL</th>${several ? html`<th scope="col">Merchant</th>` : ''}<th scope="col">Status</th>
<th scope="col">Events</th><th scope="col">Description</th><th scope="col">Created</th></tr></thead>
<tbody>${all.map(
    (s) => html`<tr><td><code>${s.url}</code></td>${several ? html`<td>${s.merchantId}</td>` : ''}
<td>${statusBadge(s.status)}</td><td>${s.events.join(', ')}</td><td>${s.description || '—'}</td>
<td>${timeTag(s.createdAt)}</td></tr>`,
  )}</tbody>
</table>`;
}

/** The page of webhook subscriptions and deliveries. */
export const webhooksPage = (view: View): Page => ({
  title: 'Webhooks',
  section: '/dashboard/webhooks',
  body: html`<div data-live="subscriptions">${subscriptions(view)}</div>
<h2>Delivery log</h2>
<p class="muted">Every attempt: the headers and body sent, the signature, the receiver's answer and how long it took.</p>
<div data-live="deliveries">${deliveryLog(view.ctx.subscriptions.deliveries, view.token, here(view))}</div>`,
});
