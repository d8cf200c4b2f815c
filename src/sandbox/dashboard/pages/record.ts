/** `/dashboard/transactions/{id}`: one record, its QR code, the moves it can make, its webhooks. */
import type { StoredTransaction } from '../../../mock/domain/records.js';
import { allowedScenarios } from '../../../mock/simulate.js';
import { deliveryLog } from '../deliveries.js';
import { html, type SafeHtml } from '../escape.js';
import { formatBrl, timeTag } from '../format.js';
import { actionForm, recordName, recordPath, statusBadge } from '../parts.js';
import { qrImage } from '../qr.js';
import { here, type Page, type View } from '../view.js';

/** The label of each scenario button. */
const LABELS: Record<string, string> = {
  pay: 'Pay',
  expire: 'Expire',
  fail: 'Fail',
  reverse: 'Reverse',
  chargeback: 'Chargeback',
  approve: 'Approve',
  process: 'Process',
  complete: 'Complete',
  cancel: 'Cancel',
};

const none = html`<span class="muted">—</span>`;
const text = (value: string | null | undefined) => (value === null || value === undefined ? none : value);

function fields(record: Readonly<StoredTransaction>): SafeHtml {
  const rows: [string, unknown][] = [
    ['Status', statusBadge(record.status)],
    ['Amount', formatBrl(record.amountCents)],
    ['Fee', formatBrl(record.feeCents)],
    ['Net', formatBrl(record.amountCents - record.feeCents)],
    ['Transaction id', html`<code>${record.transactionId}</code>`],
    ['Legacy id', record.id],
    ['External id', html`<code>${record.externalId}</code>`],
    ['Origin', record.origin],
    ['Created', timeTag(record.createdAt)],
    ['Updated', timeTag(record.updatedAt)],
    ['Paid', timeTag(record.paidAt)],
    ['End-to-end id', record.endToEndId ? html`<code>${record.endToEndId}</code>` : none],
  ];
  if (record.type === 'CASHIN') {
    rows.push(
      ['Description', text(record.description)],
      ['Product', text(record.productName)],
      ['Client', text([record.clientName, record.clientEmail].filter(Boolean).join(', ') || null)],
    );
    const utm = Object.entries(record.trackingParameters ?? {});
    if (utm.length > 0) rows.push(['Tracking', utm.map(([k, v]) => `${k}=${v}`).join(', ')]);
  }
  if (record.type === 'CASHOUT')
    rows.push(['PIX key', html`<code>${record.pixKey}</code> (${record.pixKeyType})`]);
  return html`<dl class="fields">${rows.map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>`;
}

function scenarios(view: View, record: Readonly<StoredTransaction>): SafeHtml {
  const allowed = allowedScenarios(record);
  if (allowed.length === 0) {
    return html`<p class="muted">No scenario applies to a ${record.type} in ${record.status}.</p>`;
  }
  const kind = record.type === 'CASHIN' ? 'charges' : 'payouts';
  return html`<p id="scenario-help" class="muted">The moves the state machine allows from ${record.status}.</p>
<div class="actions">${allowed.map((action) =>
    actionForm({
      action: `/dashboard/actions/${kind}/${record.transactionId}/${action}`,
      label: LABELS[action] ?? action,
      token: view.token,
      back: here(view),
      id: `scenario-${action}`,
      describedBy: 'scenario-help',
    }),
  )}</div>`;
}

async function pixCode(record: Readonly<StoredTransaction>): Promise<SafeHtml> {
  if (record.pixCode === null) return html``;
  return html`<figure class="qr">${await qrImage(record.pixCode)}<figcaption>Scan to pay</figcaption></figure>`;
}

/** The page of the record with `id` (UUID or legacy integer), or a 404 page. */
export async function recordPage(view: View, id: string): Promise<Page> {
  const record = view.ctx.store.find(id);
  if (record === undefined) {
    return {
      title: 'Record not found',
      section: '/dashboard/transactions',
      status: 404,
      body: html`<p>There is no record <code>${id}</code>. <a href="/dashboard/transactions">See every transaction</a>.</p>`,
    };
  }
  const related = record.relatedId === undefined ? undefined : view.ctx.store.record(record.relatedId);
  const mentions = `"transactionId":"${record.transactionId}"`;
  const attempts = view.ctx.subscriptions.deliveries.filter((attempt) => attempt.body.includes(mentions));
  return {
    title: recordName(record),
    section: record.type === 'CASHOUT' ? '/dashboard/payouts' : '/dashboard/transactions',
    body: html`<div class="grid">
<div data-live="record">${fields(record)}
${related ? html`<p>Opened by the chargeback of <a href="${recordPath(related)}">${recordName(related)}</a>.</p>` : ''}
</div>
${await pixCode(record)}
</div>
${
  record.pixCode === null
    ? ''
    : html`<h2 id="pix-code-label">Copy-and-paste code</h2>
<textarea id="pix-code" rows="3" readonly aria-labelledby="pix-code-label">${record.pixCode}</textarea>
<div class="actions"><button type="button" class="secondary" data-copy="pix-code" hidden>Copy code</button>
<span id="pix-code-status" role="status"></span></div>`
}
<h2>Scenarios</h2>
<div data-live="scenarios">${scenarios(view, record)}</div>
<h2>Webhooks of this record</h2>
<div data-live="deliveries">${deliveryLog(attempts, view.token, here(view))}</div>`,
  };
}
