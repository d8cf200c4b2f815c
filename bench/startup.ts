/**
 * Start-up: the time to import each entry in a fresh Node process, as a ratio to `node -e 0`,
 * measured in the same run (interleaved, median of 25). Run: npm run bench:startup
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

const CASES: Record<string, string[]> = {
  'node -e 0 (baseline)': ['-e', '0'],
  "import('zod/mini') (reference)": ['--input-type=module', '-e', "await import('zod/mini')"],
  "import('pix-payments')": ['--input-type=module', '-e', "await import('pix-payments')"],
  "import('pix-payments/webhooks')": ['--input-type=module', '-e', "await import('pix-payments/webhooks')"],
};

function once(args: string[]): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function benchStartup(runs = 25): Promise<string> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(CASES).map((name) => [name, []]));
  for (const args of Object.values(CASES)) once(args);
  for (let i = 0; i < runs; i++) {
    for (const [name, args] of Object.entries(CASES)) samples[name]?.push(once(args));
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const base = median(samples['node -e 0 (baseline)'] ?? []);
  const rows = Object.entries(samples).map(([name, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${median(values).toFixed(1)} | ${(sorted[0] as number).toFixed(1)}–${(sorted.at(-1) as number).toFixed(1)} | ${(median(values) / base).toFixed(2)}× |`;
  });
  return [
    `Node ${process.version}, ${runs} interleaved runs each.`,
    '',
    '| what | median ms | spread (min–max) | ratio to `node -e 0` |',
    '|---|---:|---:|---:|',
    ...rows,
    '',
    'Aims: at most 1.8× for the main entry and 1.3× for webhooks. For reference, measured elsewhere: stripe 2.5×, openai 3.2×, zod alone 2.0×.',
    '',
    `Both aims are missed, and zod is most of why: importing \`zod/mini\` alone takes ${(median(samples["import('zod/mini') (reference)"] ?? []) - base).toFixed(0)} ms over the baseline here, because its index also loads every locale of zod (about fifty modules), and both entries import it. The webhook entry adds ${(median(samples["import('pix-payments/webhooks')"] ?? []) - median(samples["import('zod/mini') (reference)"] ?? [])).toFixed(0)} ms over zod; the main entry (its transport is a loop over the runtime's fetch: nothing is loaded later) adds ${(median(samples["import('pix-payments')"] ?? []) - median(samples["import('zod/mini') (reference)"] ?? [])).toFixed(0)} ms. Inlining a tree-shaken zod into the build would remove most of that cost, but then the schemas would no longer share the zod instance of the merchant's app; that trade-off is left open.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchStartup());
}
