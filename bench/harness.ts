/**
 * A small benchmark harness: candidate and baseline run in alternating samples in one process,
 * so machine noise hits both alike; figures are medians with their spread.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Figure {
  name: string;
  opsPerSecond: number;
  /** Lowest and highest sample, ops/s. */
  spread: [number, number];
  /**
   * Median CPU time of this process per op, in µs (user + system). Other processes steal wall
   * time, not this: on a shared machine it is the steadier measure of a CPU-bound task.
   */
  cpuMicrosPerOp?: number;
}

type Task = () => unknown;

interface Sample {
  opsPerSecond: number;
  cpuMicrosPerOp: number;
}

async function sample(task: Task, durationMs: number): Promise<Sample> {
  // Each sample starts with a clean heap (node --expose-gc), so none pays for the garbage of the
  // task sampled before it.
  (globalThis as { gc?: () => void }).gc?.();
  let ops = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    for (let i = 0; i < 100; i++) {
      const result = task();
      if (result instanceof Promise) await result;
    }
    ops += 100;
    elapsed = performance.now() - start;
  }
  const used = process.cpuUsage(cpu);
  return { opsPerSecond: (ops / elapsed) * 1000, cpuMicrosPerOp: (used.user + used.system) / ops };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** Runs every task `samples` times, interleaved, after a warm-up. */
export async function compare(
  tasks: Record<string, Task>,
  options = { samples: 7, sampleMs: 150 },
): Promise<Figure[]> {
  for (const task of Object.values(tasks)) await sample(task, 100);
  const results: Record<string, Sample[]> = {};
  for (let round = 0; round < options.samples; round++) {
    for (const [name, task] of Object.entries(tasks)) {
      const list = results[name] ?? [];
      list.push(await sample(task, options.sampleMs));
      results[name] = list;
    }
  }
  return Object.entries(results).map(([name, samples]) => {
    const values = samples.map((one) => one.opsPerSecond);
    return {
      name,
      opsPerSecond: median(values),
      spread: [Math.min(...values), Math.max(...values)],
      cpuMicrosPerOp: median(samples.map((one) => one.cpuMicrosPerOp)),
    };
  });
}

/** Formats a figure table with ratios to a named baseline. */
export function table(figures: Figure[], baseline: string): string {
  const base = figures.find((figure) => figure.name === baseline)?.opsPerSecond ?? Number.NaN;
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${Math.round(f.opsPerSecond).toLocaleString('en')} | ${Math.round(f.spread[0]).toLocaleString('en')}–${Math.round(f.spread[1]).toLocaleString('en')} | ${(f.opsPerSecond / base).toFixed(2)} |`,
  );
  return [
    '| what | median ops/s | spread (min–max) | ratio to baseline |',
    '|---|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/** CPU µs (user + system) per call over `count` sequential calls of `task`. */
export async function cpuPerCall(task: () => Promise<unknown>, count: number): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++) await task();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

/**
 * The figures of a bench whose target holds on Node 20 and 24: on this Node (the development one,
 * 24), then on the machine's Node 20 in a child that runs `file` directly (NODE20, default
 * /usr/bin/node; `NODE20=` skips it, as the child does).
 */
export async function onBothNodes(file: string, bench: () => Promise<string>): Promise<string> {
  const here = `### Node ${process.version}\n\n${await bench()}`;
  const node20 = process.env.NODE20 ?? '/usr/bin/node';
  if (node20 === '' || process.version.startsWith('v20.') || !existsSync(node20)) return here;
  const args = ['--expose-gc', '--import', 'tsx', file];
  const env = { ...process.env, NODE20: '' };
  return `${here}\n\n${execFileSync(node20, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'inherit'] }).trim()}`;
}
