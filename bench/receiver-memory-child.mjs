/**
 * One receiver process for bench/receiver-memory.ts: the built Fetch receiver behind node:http,
 * its body streamed (as Hono's and Next's Node adapters stream it). MODE `bounded` is
 * createWebhookHandler; MODE `unbounded` reads the whole body first (request.arrayBuffer(), the
 * receiver before issue 28), the baseline. Prints `{ port }`, then answers GET /rss with its peak RSS.
 */
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { createWebhookHandler } from '../dist/webhooks.js';

const secret = `whsec_${'k'.repeat(32)}`;
const bounded = createWebhookHandler({ secret, onEvent: () => {}, onError: () => {} });
const handler =
  process.env.MODE === 'unbounded'
    ? async (request) => {
        await request.arrayBuffer();
        return new Response('{"received":false}', { status: 400 });
      }
    : bounded;

let peak = process.memoryUsage().rss;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5).unref();

const server = createServer(async (req, res) => {
  peak = Math.max(peak, process.memoryUsage().rss);
  if (req.method === 'GET') {
    globalThis.gc?.();
    res.end(JSON.stringify({ rss: process.memoryUsage().rss, peak }));
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
  const body = Readable.toWeb(req);
  const response = await handler(
    new Request(`http://localhost${req.url}`, { method: 'POST', headers, body, duplex: 'half' }),
  );
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), connection: 'close' });
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`),
);
