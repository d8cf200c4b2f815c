/// <reference types="node" />
/**
 * The sandbox of `--answers-from FILE`: the sandbox as it is, on a loopback port of its own, behind
 * a server that writes each API answer in the recorded shapes (./reshape.ts). Everything else (the
 * dashboard, its live updates, `/__mock/*`) passes through as it is, under the same Host rule.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { type AllowedHosts, hostRule } from '../server/host-rule.js';
import type { MockServer } from '../server/server.js';
import { type AnswerShapes, reshapeAnswer } from './reshape.js';

const HOP_BY_HOP = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'host']);

async function bodyOf(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : new Uint8Array(Buffer.concat(chunks));
}

function refuseHost(response: ServerResponse): void {
  response.writeHead(403, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ message: 'This Host is not allowed.', code: 'FORBIDDEN_HOST' }));
}

/**
 * Serves `inner` (a started sandbox) on `host`:`port`, its API answers in `shapes`.
 * @example const server = await serveAnswersFrom(await startMockServer(), shapesOf(readRecording(file)), options)
 */
export async function serveAnswersFrom(
  inner: MockServer,
  shapes: AnswerShapes,
  options: { host: string; port: number; allowedHosts: AllowedHosts },
): Promise<MockServer> {
  let allowed: (host: string | undefined) => boolean = () => false;
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', inner.url);
      const api = url.pathname.startsWith('/v1/');
      if (!api && !allowed(request.headers.host)) return refuseHost(response);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers.set(name, String(value));
      const body = await bodyOf(request);
      const method = request.method ?? 'GET';
      const answer = await fetch(url, {
        method,
        headers,
        redirect: 'manual',
        ...(body === undefined ? {} : { body }),
      });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out[name] = value;
      });
      if (!api || answer.body === null) {
        response.writeHead(answer.status, out);
        if (answer.body === null) response.end();
        else Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream).pipe(response);
        return;
      }
      const text = reshapeAnswer(shapes, method, url, answer.status, await answer.text());
      response.writeHead(answer.status, out);
      response.end(text);
    } catch {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'The sandbox behind did not answer.', code: 'INTERNAL_ERROR' }));
    }
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, done);
  });
  const { port } = server.address() as AddressInfo;
  const name = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${name}:${port}`;
  allowed = hostRule(url, options.allowedHosts);
  return {
    ...inner,
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await inner.close();
    },
  };
}
