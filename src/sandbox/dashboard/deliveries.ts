/** The webhook delivery log as people read it: one entry per delivery, with all its attempts. */
import type { DeliveryAttempt } from '../../mock/domain/subscriptions.js';
import { html, type SafeHtml } from './escape.js';
import { timeTag } from './format.js';
import { actionForm } from './parts.js';

/** One delivery: its attempts, oldest first. */
export type Delivery = readonly Readonly<DeliveryAttempt>[];

/** The attempts grouped by delivery, the delivery with the latest attempt first. */
export function groupDeliveries(attempts: readonly Readonly<DeliveryAttempt>[]): Delivery[] {
  const byId = new Map<string, Readonly<DeliveryAttempt>[]>();
  const latest = new Map<string, number>();
  attempts.forEach((attempt, at) => {
    const group = byId.get(attempt.deliveryId) ?? [];
    group.push(attempt);
    byId.set(attempt.deliveryId, group);
    latest.set(attempt.deliveryId, at);
  });
  return [...byId.keys()]
    .sort((a, b) => (latest.get(b) as number) - (latest.get(a) as number))
    .map((id) => byId.get(id) as Delivery);
}

/** The answer of one attempt in words: `200 OK`-like status, or why there was none. */
const answerOf = (attempt: Readonly<DeliveryAttempt>) =>
  attempt.status === undefined
    ? html`<span class="badge s-bad">no answer (${attempt.error ?? 'error'})</span>`
    : html`<span class="badge ${attempt.ok ? 's-ok' : 's-bad'}">${attempt.status}</span>`;

/** The body as sent, indented when it is JSON (it always is, from the mock). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One delivery as a disclosure: the summary line, then headers, body, signature and attempts. */
function deliveryEntry(delivery: Delivery, token: string, back: string): SafeHtml {
  const last = delivery.at(-1) as Readonly<DeliveryAttempt>;
  const first = delivery[0] as Readonly<DeliveryAttempt>;
  const id = `delivery-${last.deliveryId}`;
  return html`<details class="delivery" id="${id}">
<summary><strong>${last.event}</strong> to <code>${last.url}</code>: ${answerOf(last)},
${delivery.length} ${delivery.length === 1 ? 'attempt' : 'attempts'}, ${timeTag(first.at)}</summary>
<h3 id="${id}-name">Delivery <code>${last.deliveryId}</code></h3>
<h4>Headers</h4>
<dl class="fields">${Object.entries(last.headers).map(
    ([name, value]) => html`<dt>${name}</dt><dd><code>${value}</code></dd>`,
  )}</dl>
<h4>Body <span class="muted">(indented here; the bytes sent, and signed, are compact)</span></h4>
<pre>${pretty(last.body)}</pre>
<p>Signature (HMAC SHA-256 of the body with the subscription's secret):
<code>${last.headers['x-webhook-signature']}</code></p>
<table>
<caption>Attempts</caption>
<thead><tr><th scope="col">#</th><th scope="col">At</th><th scope="col">Answer</th>
<th scope="col" class="num">Took</th><th scope="col">Answer body</th></tr></thead>
<tbody>${delivery.map(
    (a) => html`<tr><td>${a.attempt}${a.resent ? ' (resent)' : ''}</td><td>${timeTag(a.at)}</td>
<td>${answerOf(a)}</td><td class="num">${a.durationMs} ms</td>
<td>${a.response ? html`<code>${a.response}</code>` : html`<span class="muted">—</span>`}</td></tr>`,
  )}</tbody>
</table>
<div class="actions">${actionForm({
    action: `/dashboard/actions/deliveries/${last.deliveryId}/resend`,
    label: 'Resend',
    token,
    back,
    id: `${id}-resend`,
    className: 'secondary',
    describedBy: `${id}-name`,
  })}</div>
</details>`;
}

/** The delivery log, newest first, at most `limit` deliveries. */
export function deliveryLog(
  attempts: readonly Readonly<DeliveryAttempt>[],
  token: string,
  back: string,
  limit = 50,
): SafeHtml {
  const deliveries = groupDeliveries(attempts);
  if (deliveries.length === 0) return html`<p class="muted">No webhook delivered yet.</p>`;
  const shown = deliveries.slice(0, limit);
  return html`${shown.map((delivery) => deliveryEntry(delivery, token, back))}
${deliveries.length > limit ? html`<p class="muted">The ${limit} latest of ${deliveries.length} deliveries.</p>` : ''}`;
}
