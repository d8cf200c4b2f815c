/**
 * The Fastify recipe of docs/webhooks.md, run as written: its ```ts block is taken from the docs,
 * started as a program of its own against the built package, and sent real signed deliveries by
 * the mock. Each is verified and handled once, and a JSON route of the same app still parses JSON.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, expect, it } from 'vitest';
import { makeDeliveries } from '../../examples/receive.js';
import { type Connection, connect } from '../../examples/setup.js';
import { readMarkdown } from '../../scripts/docs-check/markdown.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** The docs' Fastify block: the one that imports fastify. */
function fastifyRecipe(): string {
  const { codeBlocks } = readMarkdown(readFileSync(join(ROOT, 'docs/webhooks.md'), 'utf8'));
  const recipes = codeBlocks.filter((block) => block.code.includes("from 'fastify'"));
  expect(recipes).toHaveLength(1);
  return recipes[0]?.code ?? '';
}

/** The recipe's log (pino's JSON lines), and its port once it listens. */
function start(
  node: string,
  file: string,
  secret: string,
): { child: ChildProcess; logs: string[]; port: Promise<number> } {
  // Inside the repository (under .tmp, ignored by git): `pix-payments/webhooks` resolves to dist/.
  const child = spawn(node, ['--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, PIX_WEBHOOK_SECRET: secret, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const port = new Promise<number>((done, fail) => {
    child.once('exit', (code) =>
      fail(new Error(`the recipe exited (${code}):\n${logs.join('\n')}${stderr}`)),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      const msg = line.startsWith('{') ? (JSON.parse(line) as { msg?: string }).msg : undefined;
      logs.push(msg ?? line);
      const listening = /^Server listening at http:\/\/.+:(\d+)$/.exec(msg ?? '');
      if (listening) done(Number(listening[1]));
    });
  });
  return { child, logs, port };
}

let connection: Connection | undefined;
let child: ChildProcess | undefined;
let folder: string | undefined;
afterEach(async () => {
  child?.kill();
  await connection?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

it.each([
  ['Node 20', '/usr/bin/node'],
  ['Node 24', process.execPath],
])(
  "on %s, docs/webhooks.md's Fastify recipe verifies the mock's deliveries once each and keeps JSON elsewhere",
  async (_, node) => {
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    folder = mkdtempSync(join(ROOT, '.tmp', 'fastify-recipe-'));
    const file = join(folder, 'recipe.mts');
    writeFileSync(file, fastifyRecipe());
    connection = await connect();
    // The secret comes first (the recipe reads it at start), the URL once the recipe listens.
    const subscription = await connection.client.webhooks.create({
      url: 'http://127.0.0.1:9/pix-webhook',
      events: ['transaction.created', 'transaction.completed'],
    });
    const recipe = start(node, file, subscription.secret);
    child = recipe.child;
    const url = `http://localhost:${await recipe.port}`;
    await connection.client.webhooks.update(subscription.id, { url: `${url}/pix-webhook` });

    await makeDeliveries(connection);
    const attempts = connection.mock?.service.state.deliveries ?? [];
    expect(attempts.map((attempt) => [attempt.event, attempt.status])).toEqual([
      ['transaction.created', 200],
      ['transaction.completed', 200],
    ]);
    // Each was logged once by onEvent (the lines may reach this process just after the answers).
    await expect
      .poll(() => recipe.logs.filter((line) => line.startsWith('pix webhook ')))
      .toEqual(['pix webhook transaction.created', 'pix webhook transaction.completed']);

    const order = await fetch(`${url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku: 'book', quantity: 2 }),
    });
    expect([order.status, await order.json()]).toEqual([200, { received: { sku: 'book', quantity: 2 } }]);
  },
);
