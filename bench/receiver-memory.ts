/**
 * A public receiver under a 300 MB unsigned POST: how far its resident memory rises, for the
 * Fetch receiver (bounded by maxBodyBytes, 1 MiB) against a receiver that reads the whole body
 * before verifying (the baseline, as the Fetch receiver did before issue 28), on Node 20 and
 * Node 24, the body streamed in chunks with no Content-Length (so it is cut, not refused on its
 * declared length). Target: the bounded receiver's peak RSS rises by less than 64 MB.
 * Run: npx tsup --silent && node --expose-gc --import tsx bench/receiver-memory.ts
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./receiver-memory-child.mjs', import.meta.url));
const TOTAL = 300 * 1024 * 1024;
const MB = 1024 * 1024;
const RUNTIMES = [
  ['Node 20', '/usr/bin/node'],
  ['Node 24', process.execPath],
] as const;

/** Streams `TOTAL` bytes to the receiver in 64 KiB chunks; resolves with its answer's status (0: cut off). */
function post(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/pix' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < TOTAL) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', () => resolve(0));
    pump();
  });
}

async function rssOf(port: number): Promise<{ rss: number; peak: number }> {
  const response = await fetch(`http://127.0.0.1:${port}/rss`);
  return (await response.json()) as { rss: number; peak: number };
}

/** Runs one receiver process; answers the rise of its peak RSS over its idle RSS, in MB. */
async function measure(node: string, mode: 'bounded' | 'unbounded') {
  const child = spawn(node, ['--expose-gc', CHILD], {
    env: { ...process.env, MODE: mode },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout }).once('line', resolve),
    );
    const { port } = JSON.parse(line) as { port: number };
    const idle = await rssOf(port);
    const status = await post(port);
    const after = await rssOf(port);
    return { status, rise: (after.peak - idle.rss) / MB };
  } finally {
    child.kill();
  }
}

export async function benchReceiverMemory(): Promise<string> {
  const rows = [
    '| runtime | receiver | answer | peak RSS rise (MB) | ratio to baseline |',
    '|---|---|---:|---:|---:|',
  ];
  for (const [name, node] of RUNTIMES) {
    const baseline = await measure(node, 'unbounded');
    const bounded = await measure(node, 'bounded');
    rows.push(
      `| ${name} | reads the whole body first (baseline) | ${baseline.status || 'cut'} | ${baseline.rise.toFixed(1)} | 1.00 |`,
    );
    rows.push(
      `| ${name} | createWebhookHandler (maxBodyBytes 1 MiB) | ${bounded.status || 'cut'} | **${bounded.rise.toFixed(1)}** | ${(bounded.rise / baseline.rise).toFixed(3)} |`,
    );
  }
  return `${rows.join('\n')}\n\nA 300 MB unsigned POST, streamed with no Content-Length. Target: the bounded receiver's peak RSS rises by less than 64 MB.`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchReceiverMemory());
