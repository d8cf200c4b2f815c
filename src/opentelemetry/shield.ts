/**
 * Node rethrows what a `node:diagnostics_channel` subscriber throws as an `uncaughtException`, on
 * the next tick, out of reach of the SDK call or the receiver that published: a process without a
 * handler dies. The bridge's handlers call the OpenTelemetry SDK (a span processor's `onStart` and
 * `onEnd`, a view's attribute processors run in line), so each runs its work through a shield,
 * which catches what it throws and reports it through OpenTelemetry's `diag` logger.
 */
import { diag } from '@opentelemetry/api';

/** Which provider the work calls: each is reported once. */
export type ShieldedProvider = 'tracer provider' | 'meter provider';

/** Runs `work` for `provider`, doing `doing` (`'ending a span'`); never throws. */
export type Shield = (provider: ShieldedProvider, doing: string, work: () => void) => void;

/**
 * A shield for one `instrumentPixPayments()`: the first failure of each provider is reported with
 * `diag.error`, the later ones are not (a processor that throws on every span would otherwise log
 * on every span). A failed span or measurement is only missing: nothing is retried.
 */
export function createShield(): Shield {
  const reported = new Set<ShieldedProvider>();
  return (provider, doing, work) => {
    try {
      work();
    } catch (error) {
      if (reported.has(provider)) return;
      reported.add(provider);
      diag.error(
        `pix-payments/opentelemetry: the ${provider} threw while ${doing} (caught: the SDK's calls ` +
          `and webhook answers are unaffected, that span or measurement may be missing); later ` +
          `failures of this ${provider} are not reported`,
        error,
      );
    }
  };
}
