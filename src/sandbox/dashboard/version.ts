/**
 * The version of what the dashboard shows: it changes whenever a record moves, money moves, a
 * webhook is attempted, a subscription or a fault changes. The page's script polls it and
 * refreshes only when it moved. Counting records per type and status is enough for the records:
 * every move leaves one status for a later one, so no set of moves brings the counts back.
 */

import type { MockContext } from '../../mock/context.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../schemas/enums.js';

/** FNV-1a, 32 bits, as hex: a short tag for a long description. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The state's version, as a short string. */
export function stateVersion(ctx: MockContext): string {
  const parts: (string | number)[] = [ctx.store.size, ctx.subscriptions.deliveries.length];
  for (const merchant of ctx.options.merchants) {
    const balance = ctx.store.balance(merchant.id);
    parts.push(balance.availableCents, balance.pendingCents);
    for (const type of TRANSACTION_TYPES) {
      for (const status of TRANSACTION_STATUSES) parts.push(ctx.store.ids(merchant.id, type, status).length);
    }
    for (const s of ctx.subscriptions.of(merchant.id)) parts.push(s.id, s.status, s.updatedAt);
  }
  for (const { rule, left } of ctx.faults.list()) parts.push(rule.route, rule.kind, left);
  return fnv1a(parts.join('|'));
}
