/// <reference types="node" />
/**
 * startMockServer: the mock's msw handlers on a real localhost port, through the node:http
 * adapter of ./node-adapter.ts.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dashboardHandler } from './dashboard/routes.js';
import { clientErrorListener, requestListener, type Served } from './node-adapter.js';
import { requireSupportedNode } from './node-version.js';
import type { MockServiceOptions } from './options.js';
import { buildMockService, type createMockService, type MockService } from './service.js';

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

/** Moves the service's clock on by the real time that passes; answers how to stop it. */
function followRealTime(service: MockService): () => void {
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    try {
      service.clock.advance(now - last);
    } catch {
      // The clock was moved to the last date a Date holds (+275760-09-13): time stops there.
    }
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
 * @throws TypeError for invalid options, as {@link createMockService} does.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  requireSupportedNode();
  const host = options.host ?? '127.0.0.1';
  // The mock needs the server's origin, known once it listens; no request arrives before that.
  let served: Served | undefined;
  const server = createServer(requestListener(() => served as Served));
  server.on('clientError', clientErrorListener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let built: ReturnType<typeof buildMockService>;
  try {
    built = buildMockService({ ...options, baseUrl: origin });
  } catch (error) {
    // Bad options (a TypeError): nothing must be left listening.
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  const { service, routes, ctx } = built;
  // The dashboard at `/` (./dashboard/), first: it takes only its own paths, on this server alone.
  const dashboard = dashboardHandler({ origin, ctx, handlers: service.handlers });
  served = { origin, handlers: [dashboard, ...service.handlers], routes };
  const stopClock = followRealTime(service);
  return {
    url: origin,
    service,
    close: async () => {
      stopClock();
      service.reset();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
