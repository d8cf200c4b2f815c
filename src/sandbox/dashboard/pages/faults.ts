/** `/dashboard/faults`: inject a fault into the next calls of an endpoint; see and clear the pending ones. */
import { type FaultRule, MAX_FAULT_LATENCY_MS, ROUTES } from '../../../mock/domain/faults.js';
import { html, type SafeHtml } from '../escape.js';
import { TOKEN_FIELD } from '../guard.js';
import { actionForm } from '../parts.js';
import { here, type Page, type View } from '../view.js';

/** The kinds of fault, and what each does, in the form's words. */
const KINDS = [
  ['status', 'An error status (500 unless set below)'],
  ['rate-limit', '429 with Retry-After'],
  ['latency', 'A pause before the answer'],
  ['drop', 'A dropped connection'],
  ['malformed', 'A 200 whose body is not JSON'],
] as const;

/** What a rule does, in a few words. */
function describe(rule: FaultRule): string {
  switch (rule.kind) {
    case 'status':
      return `status ${rule.status ?? 500}`;
    case 'rate-limit':
      return `429, Retry-After ${rule.retryAfterSeconds ?? 1} s`;
    case 'latency':
      return `${rule.ms} ms latency`;
    default:
      return rule.kind;
  }
}

function pending(view: View): SafeHtml {
  const rules = view.ctx.faults.list();
  if (rules.length === 0)
    return html`<p class="muted">No fault pending: every call is answered normally.</p>`;
  return html`<table>
<caption>Pending faults, in the order they apply</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">Fault</th><th scope="col">When</th><th scope="col" class="num">Calls left</th></tr></thead>
<tbody>${rules.map(
    ({ rule, left }) => html`<tr><td><code>${rule.route}</code></td><td>${describe(rule)}</td>
<td>${rule.after ? 'after handling the request' : 'instead of handling it'}</td><td class="num">${left}</td></tr>`,
  )}</tbody>
</table>
<div class="actions">${actionForm({
    action: '/dashboard/actions/faults/clear',
    label: 'Clear pending faults',
    token: view.token,
    back: here(view),
    id: 'faults-clear',
    className: 'danger',
  })}</div>`;
}

function injectForm(view: View): SafeHtml {
  return html`<form class="filters" method="post" action="/dashboard/actions/faults" aria-labelledby="inject-title">
<input type="hidden" name="${TOKEN_FIELD}" value="${view.token}">
<input type="hidden" name="back" value="${here(view)}">
<label>Endpoint<select name="route" id="fault-route">
<option value="*">Every endpoint (*)</option>
${ROUTES.map((route) => html`<option value="${route}">${route}</option>`)}
</select></label>
<label>Fault<select name="kind" id="fault-kind">
${KINDS.map(([kind, label]) => html`<option value="${kind}">${label}</option>`)}
</select></label>
<label>Calls<input type="number" name="times" id="fault-times" min="1" value="1" required></label>
<label>Status (error status)<input type="number" name="status" id="fault-status" min="400" max="599" placeholder="500"></label>
<label>Retry-After seconds (429)<input type="number" name="retryAfterSeconds" id="fault-retry" min="0" placeholder="1"></label>
<label>Latency ms<input type="number" name="ms" id="fault-ms" min="0" max="${MAX_FAULT_LATENCY_MS}" placeholder="1000"></label>
<label class="check"><input type="checkbox" name="after" id="fault-after" value="true"> After handling the request</label>
<button type="submit" id="fault-inject">Inject fault</button>
</form>`;
}

/** The fault-injection page. */
export const faultsPage = (view: View): Page => ({
  title: 'Faults',
  section: '/dashboard/faults',
  body: html`<p>The next calls of an endpoint misbehave as chosen here; scenario control and this dashboard are never affected.</p>
<h2 id="inject-title">Inject a fault</h2>
${injectForm(view)}
<h2>Pending</h2>
<div data-live="faults">${pending(view)}</div>`,
});
