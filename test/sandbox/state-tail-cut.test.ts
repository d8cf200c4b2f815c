/**
 * A kept database cut short at its end (a copy that stopped, a disk that filled up) is refused,
 * or served exactly as it was: never served with a row changed, and never rewritten. SQLite reads
 * the missing end of the last page as zeros, so a cut row could otherwise look like a valid one.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CPF, caller } from '../mock/harness.js';
import { expectRefused, sha256, sql, useKeptState } from './state-helpers.js';

const { newDir, start, stop } = useKeptState();

/** 1 to 64 bytes, then every 64th byte up to one page. */
function cuts(pageSize: number): number[] {
  const small = Array.from({ length: 64 }, (_, i) => i + 1);
  const large = Array.from({ length: pageSize / 64 - 1 }, (_, i) => (i + 2) * 64);
  return [...small, ...large];
}

/**
 * The file cut by `cut` bytes, or (`zeroed`) its last `cut` bytes zeroed: what SQLite reads of a
 * cut file, at the length the header says, so that the rows' decoding alone must find it.
 */
function damaged(whole: Buffer, cut: number, how: 'cut' | 'zeroed'): Buffer {
  if (how === 'cut') return whole.subarray(0, whole.length - cut);
  const copy = Buffer.from(whole);
  copy.fill(0, whole.length - cut);
  return copy;
}

describe.each(['cut', 'zeroed'] as const)('a kept database %s at its end', (how) => {
  it('is refused, or served unchanged, for every 1 to 64 bytes and every 64th byte up to a page', async () => {
    const dir = await newDir();
    const path = join(dir, 'whole.sqlite');
    const server = await start({ state: path, merchants: [{ manualApproval: true }] });
    const api = caller(server.url, server.service.secretKey);
    // Enough records that the file's last page holds some of them (checked below).
    for (let i = 1; i <= 16; i++) {
      const charge = await api('POST', '/v1/integrations/create-transaction', { amount: 10 * i });
      server.service.simulate.payCharge(charge.body.transactionId);
    }
    await api('POST', '/v1/integrations/create-cashout', { amount: 20, pixKey: CPF, pixKeyType: 'CPF' });
    const records = server.service.state.records();
    const balance = server.service.state.balance();
    await stop(server);
    const whole = await readFile(path);
    const pageSize = sql(path, 'SELECT page_size AS size FROM pragma_page_size')[0]?.size as number;
    expect(sql(path, 'SELECT name FROM dbstat ORDER BY pageno DESC LIMIT 1')).toEqual([{ name: 'records' }]);
    const list = cuts(pageSize);
    expect(list).toHaveLength(64 + pageSize / 64 - 1);
    expect(list.at(-1)).toBe(pageSize);

    const outcomes = { refused: 0, unchanged: 0 };
    for (const cut of list) {
      const cutPath = join(dir, `cut-${cut}.sqlite`);
      await writeFile(cutPath, damaged(whole, cut, how), { mode: 0o600 });
      const before = await sha256(cutPath);
      const started = start({ state: cutPath });
      const served = await started.catch(() => undefined);
      if (served === undefined) {
        await expectRefused(started, /is cut short|is corrupt|does not hold a valid state/, cutPath, before);
        outcomes.refused++;
        continue;
      }
      // Served: exactly as it was before the cut.
      expect(served.service.state.records(), `cut of ${cut} bytes`).toEqual(records);
      expect(served.service.state.balance(), `cut of ${cut} bytes`).toEqual(balance);
      await stop(served);
      outcomes.unchanged++;
    }
    expect(outcomes.refused + outcomes.unchanged).toBe(list.length);
  });
});
