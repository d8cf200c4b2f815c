/// <reference types="node" />
/**
 * startMockServer: the mock's msw handlers on a real localhost port, through a small node:http
 * adapter around msw's `getResponse` (`@mswjs/http-middleware` does not work with msw 3).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import type { MockServiceOptions } from './options.js';
import { toResponse } from './respond.js';
import { createMockService, type MockService } from './service.js';

/**
 * How often the server moves its clock on with real time (and so expires the charges that are
 * due): a real service expires them with a periodic job, not as each request arrives.
 */
const TICK_MS = 250;

/** Options of {@link startMockServer}. */
export interface MockServerOptions extends Omit<MockServiceOptions, 'baseUrl'> {
  /** The port; 0 picks a free one. @default 0 */
  port?: number;
  /** The interface. @default '127.0.0.1' */
  host?: string;
}

/** A running mock server. */
export interface MockServer {
  /** The base URL, e.g. `http://127.0.0.1:53117`. */
  url: string;
  /** The mock behind it: keys, scenario control, state. */
  service: MockService;
  /** Stops the server, its clock and pending deliveries. */
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of req) chunks.push(chunk as Uint8Array);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : null,
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  if (response.type === 'error') {
    // An injected dropped connection: no answer at all.
    res.socket?.destroy();
    return;
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Moves the service's clock on by the real time that passes; answers how to stop it. */
function followRealTime(service: MockService): () => void {
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    service.clock.advance(now - last);
    last = now;
  }, TICK_MS);
  // A mock server left open must not keep the process alive for its clock alone.
  ticker.unref();
  return () => clearInterval(ticker);
}

/**
 * Serves the reference mock over real HTTP on localhost. Its clock follows real time (from
 * `startAt`, when given), so PENDING charges expire on their own.
 *
 * @example
 * const { url, service, close } = await startMockServer();
 * const client = new PaymentsClient({ baseUrl: url, secretKey: service.secretKey });
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  let service: MockService | undefined;
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const request = await toRequest(req, origin);
        const response = await getResponse(service?.handlers ?? [], request);
        const notFound = {
          status: 404,
          body: {
            message: `No route for ${request.method} ${new URL(request.url).pathname}`,
            code: 'NOT_FOUND',
          },
        };
        await send(res, response ?? toResponse(notFound));
      } catch {
        if (!res.headersSent)
          await send(
            res,
            toResponse({ status: 500, body: { message: 'Internal error', code: 'INTERNAL_ERROR' } }),
          );
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  service = createMockService({ ...options, baseUrl: origin });
  const running = service;
  const stopClock = followRealTime(running);
  return {
    url: origin,
    service: running,
    close: async () => {
      stopClock();
      running.reset();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
