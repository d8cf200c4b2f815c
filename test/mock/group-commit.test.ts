import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/sandbox/state/group-commit.js';

/** A state that is a counter, and a disk that takes `ms` per write and keeps what each write read. */
function harness(ms = 2) {
  const state = { value: 0 };
  const disk = { value: 0, started: 0 };
  const commit = new GroupCommit(async () => {
    const read = state.value; // read before the first await, as the real write does
    disk.started += 1;
    await new Promise((resolve) => setTimeout(resolve, ms));
    disk.value = read;
  });
  const change = () => {
    state.value += 1;
    commit.changed();
    return state.value;
  };
  return { state, disk, commit, change };
}

describe('group commit', () => {
  it('costs nothing when nothing changed', async () => {
    const { commit, disk } = harness();
    await commit.flush();
    expect(disk.started).toBe(0);
  });

  it('releases each waiter only once its change is on disk, whatever the interleaving', async () => {
    // Each step: how many changes arrive together, then a pause (in ms) before the next group.
    const steps = fc.array(fc.record({ changes: fc.integer({ min: 1, max: 8 }), pause: fc.nat(4) }), {
      minLength: 1,
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(steps, async (groups) => {
        const { disk, commit, change } = harness(1);
        const waits: Promise<void>[] = [];
        let total = 0;
        for (const { changes, pause } of groups) {
          for (let i = 0; i < changes; i++) {
            const mine = change();
            total += 1;
            waits.push(commit.flush().then(() => expect(disk.value).toBeGreaterThanOrEqual(mine)));
          }
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
        await Promise.all(waits);
        expect(disk.value).toBe(total);
        expect(commit.writes).toBeLessThanOrEqual(total);
      }),
      { numRuns: 40 },
    );
  });

  it('batches: 100 changes made together take one write, and changes during a write share the next', async () => {
    const { disk, commit, change } = harness(5);
    const waits = Array.from({ length: 100 }, () => {
      change();
      return commit.flush();
    });
    await Promise.all(waits);
    expect(disk.value).toBe(100);
    expect(commit.writes).toBe(1);
    // Changes made while a write is in flight wait for the next one, which covers them all.
    change();
    const first = commit.flush();
    await new Promise((resolve) => setImmediate(resolve));
    const late = Array.from({ length: 50 }, () => {
      change();
      return commit.flush();
    });
    await Promise.all([first, ...late]);
    expect(disk.value).toBe(151);
    expect(commit.writes).toBe(3);
  });

  it('rejects the waiters of a failed write, and writes again on the next flush', async () => {
    let fail = true;
    let written = 0;
    const commit = new GroupCommit(async () => {
      if (fail) throw new Error('disk full');
      written += 1;
    });
    commit.changed();
    await expect(commit.flush()).rejects.toThrow('disk full');
    fail = false;
    await commit.flush();
    expect(written).toBe(1);
  });

  it('writes nothing after stop', async () => {
    const { disk, commit, change } = harness();
    change();
    await commit.flush();
    commit.stop();
    change();
    await commit.flush();
    expect(disk.started).toBe(1);
  });
});
