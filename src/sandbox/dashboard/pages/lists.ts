/** The transaction and payout lists, with filters (type, status, dates) and pagination. */

import { listPage } from '../../../mock/domain/listing.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../schemas/enums.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../../schemas/list.js';
import { ListTransactionsQuery } from '../../../schemas/list-query.js';
import { safeParseWith } from '../../../schemas/parse.js';
import { html, type SafeHtml } from '../escape.js';
import { pagination, recordTable, TYPE_NAMES } from '../parts.js';
import type { Page, View } from '../view.js';

/** The filters a list takes from its query string; an empty field is no filter. */
const FILTERS = ['type', 'status', 'date_from', 'date_to', 'page', 'per_page'] as const;

/** The merchant a list shows: the `merchant` of the query, or the first one. */
export function chosenMerchant(view: View): string {
  const asked = view.url.searchParams.get('merchant');
  const merchants = view.ctx.options.merchants;
  return (merchants.find((m) => m.id === asked) ?? merchants[0])?.id as string;
}

function select(name: string, label: string, values: readonly string[], chosen: string | undefined) {
  return html`<label>${label}
<select name="${name}" id="filter-${name}">
<option value="">Any</option>
${values.map((value) => html`<option value="${value}"${value === chosen ? html` selected` : ''}>${value}</option>`)}
</select></label>`;
}

function filterForm(view: View, withType: boolean, errors: Record<string, string>): SafeHtml {
  const q = (name: string) => view.url.searchParams.get(name) ?? '';
  const merchants = view.ctx.options.merchants;
  const merchant = chosenMerchant(view);
  const date = (name: string, label: string) => html`<label>${label}
<input type="date" name="${name}" id="filter-${name}" value="${q(name)}"${
    errors[name] ? html` aria-invalid="true" aria-describedby="filter-errors"` : ''
  }></label>`;
  return html`<form class="filters" method="get" action="${view.url.pathname}" aria-label="Filters">
${
  merchants.length > 1
    ? html`<label>Merchant<select name="merchant" id="filter-merchant">${merchants.map(
        (m) =>
          html`<option value="${m.id}"${m.id === merchant ? html` selected` : ''}>${m.name} (${m.id})</option>`,
      )}</select></label>`
    : ''
}
${withType ? select('type', 'Type', TRANSACTION_TYPES, q('type')) : ''}
${select('status', 'Status', TRANSACTION_STATUSES, q('status'))}
${date('date_from', 'Created from (UTC)')}
${date('date_to', 'Created until (UTC)')}
<label>Per page<input type="number" name="per_page" id="filter-per_page" min="1" max="${MAX_PER_PAGE}" value="${q('per_page') || DEFAULT_PER_PAGE}"></label>
<button type="submit">Filter</button>
<a href="${view.url.pathname}">Clear filters</a>
</form>`;
}

/** A list page: the filter form, then the matching records, newest first, and the pager. */
function listOf(view: View, type: 'CASHOUT' | undefined): SafeHtml {
  const query: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = view.url.searchParams.get(name);
    if (value !== null && value !== '') query[name] = value;
  }
  if (type !== undefined) query.type = type;
  const parsed = safeParseWith(ListTransactionsQuery, query);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.issues.map((issue) => [issue.path, issue.message]));
    return html`${filterForm(view, type === undefined, errors)}
<div role="alert" id="filter-errors"><p class="notice error">These filters are not valid: ${parsed.message}</p></div>`;
  }
  const page = listPage(view.ctx.store, chosenMerchant(view), parsed.data);
  const caption = type === undefined ? 'Transactions' : `${TYPE_NAMES[type]}s`;
  return html`${filterForm(view, type === undefined, {})}
<div data-live="list">
${recordTable(caption, page.records)}
${pagination(view.url, page.meta)}
</div>`;
}

/** `/dashboard/transactions`: every record type. */
export const transactionsPage = (view: View): Page => ({
  title: 'Transactions',
  section: '/dashboard/transactions',
  body: listOf(view, undefined),
});

/** `/dashboard/payouts`: payouts only. */
export const payoutsPage = (view: View): Page => ({
  title: 'Payouts',
  section: '/dashboard/payouts',
  body: listOf(view, 'CASHOUT'),
});
