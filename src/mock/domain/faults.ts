/** Fault injection: the next N calls of an endpoint misbehave as asked. */
import * as z from 'zod/mini';
import { type OperationName, operations } from '../../operations.js';
import { safeParseWith } from '../../schemas/parse.js';

/** The name of one endpoint, as a fault targets it (see `operations` in `src/operations.ts`). */
export type EndpointName = OperationName;
/** The endpoints of the service, by the name a fault targets, in the table's order. */
export const ROUTES: readonly EndpointName[] = Object.values(operations).map((operation) => operation.name);
/** What a fault targets: one endpoint, or `*` for every endpoint. */
export type RouteName = EndpointName | '*';

/** The longest latency a fault takes, in ms (10 minutes); timers go no further than 2^31 − 1 anyway. */
export const MAX_FAULT_LATENCY_MS = 600_000;

const target = {
  route: z.enum([...ROUTES, '*'] as unknown as [RouteName, ...RouteName[]]),
  /** How many calls misbehave. @default 1 */
  times: z.optional(z.int().check(z.gte(1))),
  /** Handle the request first, then fail the answer (a record may exist; the client never hears). */
  after: z.optional(z.boolean()),
};

/** A fault for the next `times` calls of `route`, as `mock.faults.inject` and `POST /__mock/faults` take it. */
export const FaultRuleSchema = z.discriminatedUnion(
  'kind',
  [
    /** Answer after a pause (the request is then handled normally). */
    z.strictObject({
      kind: z.literal('latency'),
      ms: z.number().check(z.gte(0), z.lte(MAX_FAULT_LATENCY_MS)),
      ...target,
    }),
    /** Answer this status (500 by default) with the error body. */
    z.strictObject({
      kind: z.literal('status'),
      status: z.optional(z.int().check(z.gte(400), z.lte(599))),
      ...target,
    }),
    /** Answer 429 RATE_LIMITED with `Retry-After`. */
    z.strictObject({
      kind: z.literal('rate-limit'),
      retryAfterSeconds: z.optional(z.int().check(z.gte(0))),
      ...target,
    }),
    /** Drop the connection: no answer at all. */
    z.strictObject({ kind: z.literal('drop'), ...target }),
    /** Answer 200 with a body that is not JSON. */
    z.strictObject({ kind: z.literal('malformed'), ...target }),
  ],
  { error: 'must be one of "latency", "status", "rate-limit", "drop", "malformed"' },
);
/** A fault and what it targets. */
export type FaultRule = z.output<typeof FaultRuleSchema>;
/** What goes wrong, without its target. */
export type Fault = FaultRule extends infer Rule
  ? Rule extends unknown
    ? Omit<Rule, 'route' | 'times' | 'after'>
    : never
  : never;

interface ActiveRule {
  rule: FaultRule;
  left: number;
}

/** The faults still to come, first injected first served. */
export class FaultInjector {
  #rules: ActiveRule[] = [];

  /**
   * Adds a fault.
   * @throws TypeError naming the field at fault, e.g. an unknown route.
   */
  inject(rule: FaultRule): void {
    const outcome = safeParseWith(FaultRuleSchema, rule);
    if (!outcome.success) throw new TypeError(`Invalid fault rule: ${outcome.message}`);
    this.#rules.push({ rule: outcome.data, left: outcome.data.times ?? 1 });
  }

  /** The fault for this call of `endpoint`, if any (and counts it). */
  take(endpoint: EndpointName): FaultRule | undefined {
    const active = this.#rules.find((entry) => entry.rule.route === endpoint || entry.rule.route === '*');
    if (active === undefined) return undefined;
    active.left -= 1;
    if (active.left === 0) this.#rules = this.#rules.filter((entry) => entry !== active);
    return active.rule;
  }

  /** How many injected calls are still to come. */
  get pending(): number {
    return this.#rules.reduce((sum, entry) => sum + entry.left, 0);
  }

  /** The faults still to come, in the order they apply, each with the calls it has left. */
  list(): { rule: FaultRule; left: number }[] {
    return this.#rules.map((entry) => ({ rule: entry.rule, left: entry.left }));
  }

  /** Removes every fault still to come. */
  clear(): void {
    this.#rules = [];
  }
}
