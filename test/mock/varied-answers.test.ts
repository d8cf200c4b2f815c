import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/mock/index.js';
import { expectSameFacts, masked, seen } from './varied-oracle.js';
import { type Run, useScenario } from './varied-scenario.js';

const scenario = useScenario();

let reference: Run;
beforeAll(async () => {
  reference = await scenario({});
});

describe("answers: 'varied'", () => {
  it('states the reference facts in every answer, for any seed: identity, money, instants, status codes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.maxSafeNat(), async (seed) => {
        expectSameFacts(await scenario({ answers: 'varied', seed }), reference);
      }),
      { numRuns: 15 },
    );
  });

  it('uses every variant over a run of seeds', async () => {
    seen.clear();
    for (let seed = 1; seed <= 25; seed++)
      expectSameFacts(await scenario({ answers: 'varied', seed }), reference);
    expect([...seen].sort()).toEqual(
      [
        'absent:_info',
        'absent:create-transaction',
        'approve:gateway',
        'date:+00:00',
        'date:Z',
        'date:fraction',
        'date:micros',
        'date:no-fraction',
        'date:none',
        'date:other-offset',
        'extra-field',
        'id:string',
        'list:bare',
        'list:data',
        'list:data-meta',
        'list:paginator',
        'list:resource-collection',
        'money:fixed',
        'money:number',
        'money:short',
        'null:externalId',
        'null:pixKeyType',
        'null:trackingParameters',
        'null:transactionDate',
        'single:bare',
        'single:data',
      ].sort(),
    );
  });

  it('gives the same answers for the same seed and requests, and others for another seed', async () => {
    const first = masked((await scenario({ answers: 'varied', seed: 42 })).replies);
    expect(masked((await scenario({ answers: 'varied', seed: 42 })).replies)).toEqual(first);
    expect(masked((await scenario({ answers: 'varied', seed: 43 })).replies)).not.toEqual(first);
  });

  it('answers in the reference shapes by default and with answers: reference', async () => {
    expect(masked((await scenario({ answers: 'reference', seed: 9 })).replies)).toEqual(
      masked(reference.replies),
    );
    expect(reference.replies[2]?.body).toMatchObject({ available: 10000, pending: 0, currency: 'BRL' });
    // The scenario reaches what it means to: errors, webhook deliveries.
    const errors = reference.replies.filter((reply) => reply.kind === 'error').map((reply) => reply.status);
    expect(errors).toEqual([404, 422, 400, 409, 404]);
    expect(reference.deliveries.length).toBeGreaterThan(5);
  });

  it('refuses an unknown mode or a seed that is not a safe integer', () => {
    expect(() => createMockService({ answers: 'nope' as never })).toThrow(TypeError);
    expect(() => createMockService({ answers: 'varied', seed: 1.5 })).toThrow(/seed/);
  });
});
