/** `parity --record FILE`, then `pix-payments-mock --answers-from FILE`: the sandbox in the recorded shapes. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { runParityCommand } from '../../src/sandbox/cli/cli-parity.js';
import { serviceSide } from '../../src/sandbox/parity/answers.js';
import { serveAnswersFrom } from '../../src/sandbox/parity/answers-from-server.js';
import { chargeProbes, readOnlyProbes } from '../../src/sandbox/parity/probes.js';
import { recordedSide, withoutPersonalData } from '../../src/sandbox/parity/record.js';
import { readRecording } from '../../src/sandbox/parity/reshape.js';
import { runProbes } from '../../src/sandbox/parity/run.js';
import { startMockServer } from '../../src/sandbox/server/server.js';
import { credentialArgs, laravelRecording, laravelService, seed, seededSandbox } from './parity-servers.js';

const closing: (() => Promise<unknown>)[] = [];
const folder = mkdtempSync(join(tmpdir(), 'parity-record-'));
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    return await run();
  } finally {
    log.mockRestore();
  }
}

describe('parity --record', () => {
  it('keeps shapes, never secrets or personal data', async () => {
    const sandbox = await seededSandbox();
    closing.push(sandbox.close);
    const service = await laravelService(sandbox);
    closing.push(service.close);
    const file = join(folder, `${randomUUID()}.json`);
    const args = credentialArgs(service.url, sandbox);
    const code = await quietly(() => runParityCommand([...args, '--allow-charges', '--record', file]));
    expect(code).toBe(1);
    const text = readFileSync(file, 'utf8');
    for (const personal of ['Ana Souza', 'ana@example.com', '52998224725', '11998765432', '+5511998765432'])
      expect(text).not.toContain(personal);
    expect(text).not.toContain(sandbox.secretKey);
    expect(text).not.toContain(sandbox.userToken);
    expect(readRecording(file).answers.map((answer) => answer.probe)).toContain('charge read back');
  });

  it('replaces personal data by placeholders of the same form', () => {
    expect(
      withoutPersonalData({
        clientName: 'Ana Souza',
        clientCpf: '529.982.247-25',
        clientEmail: 'ana@example.com',
        clientPhone: '11998765432',
        data: [{ pixKey: '+5511998765432' }, { pixKey: '12.345.678/0001-95' }, { pixKey: 'ana@example.com' }],
      }),
    ).toEqual({
      clientName: 'Fulano de Tal',
      clientCpf: '111.444.777-35',
      clientEmail: 'pessoa@example.com',
      clientPhone: '99999999999',
      data: [
        { pixKey: '+5511999999999' },
        { pixKey: '11.222.333/0001-81' },
        { pixKey: 'pessoa@example.com' },
      ],
    });
  });
});

describe('pix-payments-mock --answers-from', () => {
  it('answers in the recorded shapes: a parity run against the recording finds no divergence', async () => {
    const file = join(folder, `${randomUUID()}.json`);
    const shapes = await laravelRecording(file);
    const recording = readRecording(file);
    const inner = await startMockServer();
    const shaped = await serveAnswersFrom(inner, shapes, {
      host: '127.0.0.1',
      port: 0,
      allowedHosts: [],
    });
    closing.push(shaped.close);
    const userToken = await shaped.service.issueUserToken();
    await seed(shaped.url, shaped.service.secretKey, userToken);
    const probes = [...readOnlyProbes(randomUUID(), true), ...chargeProbes(randomUUID())];
    const results = await runProbes(
      probes,
      serviceSide(shaped.url, { secretKey: shaped.service.secretKey, userToken }),
      recordedSide(recording),
      { baseUrl: shaped.url },
    );
    expect(
      results.flatMap((result) => result.divergences.map((d) => ({ probe: result.name, ...d }))),
    ).toEqual([]);
    expect(results.filter((result) => result.outcome === 'not compared')).toEqual([]);
    // Values stay the mock's own: its balance, in the recorded form.
    const balance = await fetch(`${shaped.url}/v1/integrations/balance`, {
      headers: { authorization: `Bearer ${shaped.service.secretKey}` },
    });
    expect(await balance.json()).toMatchObject({
      data: { available: expect.stringMatching(/^\d+\.\d{2}$/) },
    });
  });
});
