/** Pieces that several pages show: status badges, record tables, action buttons, pagination. */

import type { StoredTransaction } from '../../mock/domain/records.js';
import type { TransactionType } from '../../schemas/enums.js';
import { html, type SafeHtml } from './escape.js';
import { formatBrl, timeTag } from './format.js';
import { TOKEN_FIELD } from './guard.js';

/** What people call each record type. */
export const TYPE_NAMES: Record<TransactionType, string> = {
  CASHIN: 'Charge',
  CASHOUT: 'Payout',
  INFRACTION: 'Infraction',
};

/** A status as a coloured badge (the word itself carries the meaning, not the colour). */
export const statusBadge = (status: string): SafeHtml =>
  html`<span class="badge s-${status}">${status}</span>`;

/** The path of a record's page. */
export const recordPath = (record: Pick<StoredTransaction, 'transactionId'>): string =>
  `/dashboard/transactions/${record.transactionId}`;

/** A record's name, e.g. `Charge #12`. */
export const recordName = (record: Pick<StoredTransaction, 'type' | 'id'>): string =>
  `${TYPE_NAMES[record.type]} #${record.id}`;

/** A table of records, newest first, each linking to its page. */
export function recordTable(caption: string, records: readonly Readonly<StoredTransaction>[]): SafeHtml {
  if (records.length === 0) return html`<p class="muted">${caption}: none.</p>`;
  return html`<table>
<caption>${caption}</caption>
<thead><tr><th scope="col">Record</th><th scope="col">Created</th><th scope="col">Status</th>
<th scope="col" class="num">Amount</th><th scope="col" class="num">Fee</th><th scope="col" class="num">Net</th>
<th scope="col">Description or key</th></tr></thead>
<tbody>${records.map(
    (r) => html`<tr>
<td><a href="${recordPath(r)}">${recordName(r)}</a></td>
<td>${timeTag(r.createdAt)}</td>
<td>${statusBadge(r.status)}</td>
<td class="num">${formatBrl(r.amountCents)}</td>
<td class="num">${formatBrl(r.feeCents)}</td>
<td class="num">${formatBrl(r.amountCents - r.feeCents)}</td>
<td>${r.type === 'CASHOUT' ? html`<code>${r.pixKey}</code>` : (r.description ?? html`<span class="muted">—</span>`)}</td>
</tr>`,
  )}</tbody>
</table>`;
}

/** Options of {@link actionForm}. */
export interface ActionForm {
  /** The dashboard action it posts to, e.g. `/dashboard/actions/reset`. */
  action: string;
  label: string;
  token: string;
  /** Where the browser returns once the action is done. */
  back: string;
  /** A unique id, so that focus can stay on the button when the page updates. */
  id?: string;
  /** Extra fields. */
  fields?: SafeHtml;
  className?: string;
  /** What a screen reader announces beyond the label, e.g. which record it acts on. */
  describedBy?: string;
}

/** A button that posts an action with the token: works without any script. */
export function actionForm(form: ActionForm): SafeHtml {
  return html`<form method="post" action="${form.action}">
<input type="hidden" name="${TOKEN_FIELD}" value="${form.token}">
<input type="hidden" name="back" value="${form.back}">${form.fields ?? ''}
<button type="submit"${form.id ? html` id="${form.id}"` : ''}${form.className ? html` class="${form.className}"` : ''}${
    form.describedBy ? html` aria-describedby="${form.describedBy}"` : ''
  }>${form.label}</button>
</form>`;
}

/** Previous and next links of a list, keeping its filters. */
export function pagination(
  url: URL,
  meta: { current_page: number; last_page: number; total: number; from: number | null; to: number | null },
): SafeHtml {
  const at = (page: number) => {
    const query = new URLSearchParams(url.search);
    query.set('page', String(page));
    query.delete('notice');
    return `${url.pathname}?${query}`;
  };
  const shown = meta.from === null ? 'No records' : `Records ${meta.from}–${meta.to} of ${meta.total}`;
  return html`<nav class="pager" aria-label="Pagination">
${meta.current_page > 1 ? html`<a href="${at(meta.current_page - 1)}" rel="prev">Previous page</a>` : ''}
<span>Page ${meta.current_page} of ${meta.last_page}. ${shown}.</span>
${meta.current_page < meta.last_page ? html`<a href="${at(meta.current_page + 1)}" rel="next">Next page</a>` : ''}
</nav>`;
}
