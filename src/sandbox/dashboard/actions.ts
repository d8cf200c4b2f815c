/**
 * The dashboard's buttons and forms, each one call of the mock's own scenario endpoints
 * (`/__mock/…`), made in process: the page and the HTTP API can never disagree. Each answers a
 * notice in words for the page the browser returns to.
 */
import { getResponse, type HttpHandler } from 'msw';
import type { MockContext } from '../../mock/context.js';
import type { DeliveryAttempt } from '../../mock/domain/subscriptions.js';
import type { Notice } from './notices.js';
import { recordName } from './parts.js';

/** One call of a scenario endpoint, and how to put its answer in words. */
interface MockCall {
  method: 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  done(answer: unknown): string;
}

/** A form number as a number, or as given (so that validation names the field), or left out when empty. */
function formNumber(form: FormData, name: string): unknown {
  const value = form.get(name);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return Number.isFinite(Number(value)) ? Number(value) : value;
}

/** The fault the form describes, with only the fields its kind takes. */
function faultRule(form: FormData): Record<string, unknown> {
  const kind = form.get('kind');
  const rule: Record<string, unknown> = {
    route: form.get('route'),
    kind,
    times: formNumber(form, 'times') ?? 1,
  };
  const own = { status: 'status', 'rate-limit': 'retryAfterSeconds', latency: 'ms' }[String(kind)];
  if (own !== undefined) rule[own] = formNumber(form, own);
  if (form.get('after') === 'true') rule.after = true;
  return rule;
}

const attemptWords = (a: Readonly<DeliveryAttempt>) =>
  a.status === undefined
    ? `no answer (${a.error ?? 'error'}) after ${a.durationMs} ms`
    : `the receiver answered ${a.status} in ${a.durationMs} ms`;

/** The scenario-endpoint call of a dashboard action path (after `/dashboard/actions/`), if any. */
function callFor(ctx: MockContext, action: string, form: FormData): MockCall | undefined {
  const move = /^(charges|payouts)\/([^/]+)\/([a-z]+)$/.exec(action);
  if (move) {
    const [, kind, id, name] = move as unknown as [string, string, string, string];
    return {
      method: 'POST',
      path: `/__mock/${kind}/${id}/${name}`,
      done: () => {
        const record = ctx.store.find(id);
        return record ? `${recordName(record)} is now ${record.status}.` : 'Done.';
      },
    };
  }
  const resend = /^deliveries\/([^/]+)\/resend$/.exec(action);
  if (resend) {
    return {
      method: 'POST',
      path: `/__mock/deliveries/${resend[1]}/resend`,
      done: (answer) =>
        `Resent ${(answer as DeliveryAttempt).event}: ${attemptWords(answer as DeliveryAttempt)}.`,
    };
  }
  switch (action) {
    case 'faults':
      return {
        method: 'POST',
        path: '/__mock/faults',
        body: faultRule(form),
        done: (answer) => `Fault injected; ${(answer as { pending: number }).pending} faulty calls to come.`,
      };
    case 'faults/clear':
      return { method: 'DELETE', path: '/__mock/faults', done: () => 'Pending faults cleared.' };
    case 'reset':
      return { method: 'POST', path: '/__mock/reset', done: () => 'The mock was reset.' };
    default:
      return undefined;
  }
}

/** Runs a dashboard action through the mock's handlers; undefined for an unknown action. */
export async function runAction(
  ctx: MockContext,
  handlers: readonly HttpHandler[],
  action: string,
  form: FormData,
): Promise<Notice | undefined> {
  const call = callFor(ctx, action, form);
  if (call === undefined) return undefined;
  const request = new Request(`${ctx.options.baseUrl}${call.path}`, {
    method: call.method,
    ...(call.body === undefined
      ? {}
      : { body: JSON.stringify(call.body), headers: { 'content-type': 'application/json' } }),
  });
  const response = await getResponse([...handlers], request);
  let answer: unknown;
  try {
    answer = JSON.parse((await response?.text()) || 'null');
  } catch {}
  if (response?.ok) return { ok: true, text: call.done(answer) };
  const message = (answer as { message?: unknown } | undefined)?.message;
  return {
    ok: false,
    text: `Refused: ${typeof message === 'string' ? message : `status ${response?.status}`}`,
  };
}
