/**
 * An OpenTelemetry SDK that throws never takes the process down: Node rethrows a diagnostics_channel
 * subscriber's exception as an `uncaughtException`, so the bridge catches what the SDK throws and
 * reports it once per provider through `diag`. Run in a process of its own without a handler
 * (throwing-sdk-child.ts), as a merchant's server runs.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

interface Outcome {
  scenario: string;
  result: unknown;
  answer: { status: number; body: string; received: string[] };
  reports: { level: string; message: string; error: string }[];
  spans: string[];
  /** For the subscriber of the app's own: what Node rethrew. */
  uncaught?: string[];
}

const ROOT = resolve(import.meta.dirname, '../..');
let child: SpawnSyncReturns<string>;
let outcomes: Map<string, Outcome>;
beforeAll(() => {
  child = spawnSync(process.execPath, ['--import', 'tsx', 'test/opentelemetry/throwing-sdk-child.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = child.stdout.split('\n').filter((line) => line.startsWith('{'));
  outcomes = new Map(lines.map((line) => JSON.parse(line) as Outcome).map((o) => [o.scenario, o]));
});
const outcome = (scenario: string): Outcome => {
  const found = outcomes.get(scenario);
  if (found === undefined) throw new Error(`no outcome for "${scenario}": the process said\n${child.stderr}`);
  return found;
};
const working = () => outcome('a working SDK');

describe('an OpenTelemetry SDK that throws, under instrumentPixPayments', () => {
  it('raises no uncaughtException: a process without a handler runs every scenario and exits 0', () => {
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect([...outcomes.keys()]).toHaveLength(6);
  });

  it('traces a payout and a delivery when nothing throws, and tells diag nothing', () => {
    expect(working().spans).toEqual([
      'POST /v1/integrations/create-cashout',
      'POST /v1/integrations/create-cashout',
      'createCashout',
      'webhook transaction.completed',
    ]);
    expect(working().answer).toEqual({
      status: 200,
      body: '{"received":true}',
      received: ['transaction.completed'],
    });
    expect(working().reports).toEqual([]);
  });

  it.each([
    ['a span processor whose onStart throws', 'tracer provider', 'starting a span', 'onStart failed'],
    ['a span processor whose onEnd throws', 'tracer provider', 'ending a span', 'onEnd failed'],
    [
      'a histogram whose view throws',
      'meter provider',
      'recording http.client.request.duration',
      'attributes processor failed',
    ],
  ])(
    '%s: the call’s result and the webhook answer unchanged, one diag.error',
    (scenario, provider, doing, error) => {
      const { result, answer, reports } = outcome(scenario);
      expect(result).toEqual(working().result);
      expect(answer).toEqual(working().answer);
      expect(reports).toEqual([
        {
          level: 'error',
          message: expect.stringContaining(`the ${provider} threw while ${doing}`),
          error: `Error: ${error}`,
        },
      ]);
    },
  );

  it('a span processor and a histogram that throw: one report per provider', () => {
    const { result, answer, reports } = outcome('a span processor and a histogram that throw');
    expect(result).toEqual(working().result);
    expect(answer).toEqual(working().answer);
    expect(reports.map((report) => report.error)).toEqual([
      'Error: onStart failed',
      'Error: attributes processor failed',
    ]);
  });

  it('a span the SDK could not end is still exported by the processors before the one that threw', () => {
    expect(outcome('a span processor whose onEnd throws').spans).toEqual(working().spans);
  });

  it('a subscriber of the app’s own that throws: the call goes on, and Node rethrows it as uncaughtException', () => {
    const { result, uncaught } = outcome("a subscriber of the app's own that throws");
    expect(result).toEqual(working().result);
    expect(uncaught).toEqual(['my subscriber failed']);
  });
});
