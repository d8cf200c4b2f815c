/**
 * The oracle of the varied answers: unwraps envelopes, reads numeric strings and every date-time
 * form, and checks that a varied answer states what the reference answer states. It records
 * each variant it meets in {@link seen}.
 */
import { expect } from 'vitest';
import { TRANSACTION_MONEY_FIELDS } from '../../src/endpoints.js';
import { fieldsOfKind } from '../../src/schemas/record-kinds.js';
import type { Json, Kind, Reply, Run } from './varied-scenario.js';

const MONEY = [...TRANSACTION_MONEY_FIELDS];
const DATES: readonly string[] = fieldsOfKind('date');
/** Fields whose value is random on every run (not from `randomUUID`): compared by type only. */
const RANDOM = new Set(['endToEndId', 'secret']);

/** The variants seen by the oracle, over every run of this file. */
export const seen = new Set<string>();

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function unwrapSingle(body: Json): Json {
  if (isObject(body) && Object.keys(body).length === 1 && isObject(body.data)) {
    seen.add('single:data');
    return body.data;
  }
  seen.add('single:bare');
  return body;
}

const PAGE_FIELDS = ['current_page', 'per_page', 'total', 'last_page', 'from', 'to'];
const pageOf = (source: Json) => Object.fromEntries(PAGE_FIELDS.map((field) => [field, source[field]]));

/** The items of a list answer, and its page numbers when it carries them. */
function unwrapList(body: Json): { items: Json[]; meta?: Json } {
  if (Array.isArray(body)) {
    seen.add('list:bare');
    return { items: body };
  }
  expect(Array.isArray(body.data)).toBe(true);
  if ('current_page' in body) {
    seen.add('list:paginator');
    expect(body.path).toMatch(/^https:\/\//);
    return { items: body.data, meta: pageOf(body) };
  }
  if (body.meta === undefined) {
    seen.add('list:data');
    return { items: body.data };
  }
  seen.add(body.links === undefined ? 'list:data-meta' : 'list:resource-collection');
  return { items: body.data, meta: pageOf(body.meta) };
}

/** A money value: a number, or a numeric string with at most two decimals (null until set). */
function money(value: Json): number | null {
  if (value === null) return null;
  if (typeof value === 'number') {
    seen.add('money:number');
    return value;
  }
  expect(value).toMatch(/^-?\d+(\.\d{1,2})?$/);
  seen.add(/\.\d\d$/.test(value) ? 'money:fixed' : 'money:short');
  return Number(value);
}

/** The instant of an ISO 8601 date-time; without `Z` or an offset it is UTC. */
export function instant(value: string): number {
  const offset = /(Z|[+-]\d\d:\d\d)$/.exec(value)?.[1];
  seen.add(
    `date:${offset === undefined ? 'none' : offset === 'Z' || offset === '+00:00' ? offset : 'other-offset'}`,
  );
  const fraction = /T\d\d:\d\d:\d\d(?:\.(\d+))?/.exec(value)?.[1];
  seen.add(`date:${fraction === undefined ? 'no-fraction' : fraction.length === 6 ? 'micros' : 'fraction'}`);
  const parsed = Date.parse(offset === undefined ? `${value}Z` : value);
  expect(Number.isNaN(parsed)).toBe(false);
  return parsed;
}

const MONEY_MOVED = ['COMPLETED', 'REVERSED', 'CHARGEBACK'];
/** Where a null in a varied record may stand for a reference value: only where null means "none". */
function nullMeansNone(field: string, reference: Json): boolean {
  if (field === 'pixKeyType') return reference.type === 'CASHIN';
  if (field === 'trackingParameters') return Object.keys(reference.trackingParameters).length === 0;
  if (field === 'externalId') return reference.type === 'INFRACTION';
  if (field === 'transactionDate') return !MONEY_MOVED.includes(reference.status);
  return false;
}

/** Where a varied record may lack a field of the reference record. */
function mayBeAbsent(kind: Kind, field: string): string | undefined {
  const shown = ['id', 'transactionId', 'status', 'pixCode', ...MONEY];
  if (kind === 'create-transaction' && !shown.includes(field)) return 'absent:create-transaction';
  if (kind === 'create-cashout' && field === '_info') return 'absent:_info';
  if (kind === 'approve' && ['status', 'type', 'origin', 'pixKeyType'].includes(field))
    return 'approve:gateway';
  return undefined;
}

/** A varied field against the reference's: same instant, an allowed null or absence, or equal. */
function expectSameField(kind: Kind, field: string, varied: Json, reference: Json) {
  if (!(field in varied)) {
    const variant = mayBeAbsent(kind, field);
    expect(variant, `${field} absent`).toBeDefined();
    seen.add(variant as string);
  } else if (varied[field] === null && reference[field] !== null) {
    expect(nullMeansNone(field, reference), `${field} null`).toBe(true);
    seen.add(`null:${field}`);
  } else if (DATES.includes(field) && reference[field] !== null) {
    expect(instant(varied[field]), field).toBe(Date.parse(reference[field]));
  } else if (RANDOM.has(field)) {
    expect(typeof varied[field]).toBe(typeof reference[field]);
  } else {
    expect(varied[field], field).toEqual(reference[field]);
  }
}

/** A varied transaction record states the reference's facts: identity, money, then the rest. */
function expectSameTransaction(kind: Kind, varied: Json, reference: Json) {
  expect(varied.transactionId).toBe(reference.transactionId);
  if (typeof varied.id === 'string') {
    expect(varied.id).toMatch(/^\d+$/);
    seen.add('id:string');
  }
  expect(Number(varied.id)).toBe(reference.id);
  for (const field of MONEY) expect(money(varied[field]), field).toBe(reference[field]);
  for (const field of Object.keys(reference)) {
    if (field !== 'id' && !MONEY.includes(field)) expectSameField(kind, field, varied, reference);
  }
  if (Object.keys(varied).some((field) => !(field in reference) && field !== 'gatewayId'))
    seen.add('extra-field');
}

function expectSameRecord(kind: Kind, varied: Json, reference: Json) {
  if (kind === 'balance') {
    expect(money(varied.available)).toBe(reference.available);
    expect(money(varied.pending)).toBe(reference.pending);
    expect(varied.currency).toBe(reference.currency);
    expect(instant(varied.updatedAt)).toBe(Date.parse(reference.updatedAt));
  } else if (kind === 'subscription') {
    for (const field of Object.keys(reference)) expectSameField(kind, field, varied, reference);
  } else {
    expectSameTransaction(kind, varied, reference);
  }
}

/** The oracle: each varied answer, unwrapped and normalised, states what the reference answer states. */
export function expectSameFacts(varied: Run, reference: Run) {
  expect(varied.replies.map((reply) => `${reply.status} ${reply.label}`)).toEqual(
    reference.replies.map((reply) => `${reply.status} ${reply.label}`),
  );
  varied.replies.forEach((reply, index) => {
    const expected = reference.replies[index] as Reply;
    switch (reply.kind) {
      case 'error':
      case 'empty':
      case 'control':
        expect(masked(reply.body), reply.label).toEqual(masked(expected.body));
        return;
      case 'list':
      case 'subscription-list':
      case 'event-list': {
        const { items, meta } = unwrapList(reply.body);
        const wanted = unwrapList(expected.body);
        if (meta !== undefined && wanted.meta !== undefined) expect(meta).toEqual(wanted.meta);
        expect(items.length).toBe(wanted.items.length);
        items.forEach((item, at) => {
          if (reply.kind === 'event-list') expect(item).toEqual(wanted.items[at]);
          else expectSameRecord(reply.kind === 'list' ? 'record' : 'subscription', item, wanted.items[at]);
        });
        return;
      }
      default:
        expectSameRecord(reply.kind, unwrapSingle(reply.body), expected.body);
    }
  });
  // Webhook deliveries carry the reference's values; only how their bytes are written varies.
  expect(masked(deliveredValues(varied.deliveries))).toEqual(masked(deliveredValues(reference.deliveries)));
}

/** Deliveries (`event body`) with each body re-serialised: their values, whatever wrote them, sorted. */
function deliveredValues(deliveries: string[]): string[] {
  return deliveries
    .map((delivery) => {
      const space = delivery.indexOf(' ');
      return `${delivery.slice(0, space)} ${JSON.stringify(JSON.parse(delivery.slice(space + 1)))}`;
    })
    .sort();
}

/** JSON with the random values (end-to-end ids, secrets) blanked, for exact comparisons. */
export function masked(value: Json): Json {
  return JSON.parse(
    JSON.stringify(value ?? null)
      .replace(/E99999999\d{12}[A-Za-z0-9]{11}/g, 'E2E')
      .replace(/whsec_[A-Za-z0-9]{32}/g, 'whsec'),
  );
}
