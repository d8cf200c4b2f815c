/** Fault injection: the next N calls of a route misbehave as asked. */

/** The routes of the service, by name. */
export const ROUTES = [
  'balance',
  'create-transaction',
  'list-transactions',
  'create-cashout',
  'get-cashout',
  'list-cashouts',
  'approve-cashout',
  'webhooks',
] as const;
/** A route name, or `*` for every route. */
export type RouteName = (typeof ROUTES)[number] | '*';

/** What goes wrong. */
export type Fault =
  /** Answer after a pause (the request is then handled normally). */
  | { kind: 'latency'; ms: number }
  /** Answer this status (500 by default) with the error body. */
  | { kind: 'status'; status?: number }
  /** Answer 429 RATE_LIMITED with `Retry-After`. */
  | { kind: 'rate-limit'; retryAfterSeconds?: number }
  /** Drop the connection: no answer at all. */
  | { kind: 'drop' }
  /** Answer 200 with a body that is not JSON. */
  | { kind: 'malformed' };

/** A fault for the next `times` calls of `route`; `after: true` handles the request first, then fails the answer. */
export type FaultRule = Fault & { route: RouteName; times?: number; after?: boolean };

interface ActiveRule {
  rule: FaultRule;
  left: number;
}

export class FaultInjector {
  #rules: ActiveRule[] = [];

  /** Adds a fault. */
  inject(rule: FaultRule): void {
    const times = rule.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be a positive integer');
    this.#rules.push({ rule, left: times });
  }

  /** The fault for this call of `route`, if any (and counts it). */
  take(route: RouteName): FaultRule | undefined {
    const active = this.#rules.find((entry) => entry.rule.route === route || entry.rule.route === '*');
    if (active === undefined) return undefined;
    active.left -= 1;
    if (active.left === 0) this.#rules = this.#rules.filter((entry) => entry !== active);
    return active.rule;
  }

  /** How many injected calls are still to come. */
  get pending(): number {
    return this.#rules.reduce((sum, entry) => sum + entry.left, 0);
  }

  clear(): void {
    this.#rules = [];
  }
}
