/// <reference types="node" />
/**
 * startMockServer: the mock's msw handlers on a real localhost port, through the node:http
 * adapter of ./node-adapter.ts.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LAST_CLOCK_MS } from '../../mock/domain/clock.js';
import { requireSupportedNode } from '../../mock/node-version.js';
import { MOCK_OPTION_NAMES, type MockServiceOptions, refuseUnknownMockOptions } from '../../mock/options.js';
import { buildMockService, type createMockService, type MockService } from '../../mock/service.js';
import type { OptionNames } from '../../schemas/known-options.js';
import { dashboardHandler } from '../dashboard/routes.js';
import { KeptState } from '../state/kept-state.js';
import { browserGuard } from './browser-guard.js';
import { checkAllowedHosts } from './host-rule.js';
import { type AdapterLimits, connectListener, requestListener, type Served } from './node-adapter.js';
import { REQUEST_TIMEOUT_MS } from './node-body.js';
import { stateCopyHandler } from './state-copy-route.js';
import { clientErrorListener } from './transport-errors.js';

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
  /**
   * More names the `/__mock/*` routes and the dashboard answer in a request's `Host`, as Vite's
   * `server.allowedHosts`: a name (`'qa.example'`), or a leading dot for a name and its
   * subdomains (`'.example.com'`), with any port. On every bind they already answer `localhost`
   * and `*.localhost`, any IP address and the `host` name, with the server's port; another name
   * is refused 403 `FORBIDDEN_HOST`, so a web page cannot reach them by rebinding a DNS name of
   * its own to the machine. `true` answers any name (rebinding too): only behind a proxy that
   * checks the name itself. The service's own routes (`/v1/…`) need its keys, and take this rule
   * only when the server listens on loopback.
   * @default [] (no name beyond the server's own)
   * @example await startMockServer({ host: '0.0.0.0', port: 4010, allowedHosts: ['pix-sandbox.qa.example'] })
   */
  allowedHosts?: readonly string[] | true;
  /**
   * A SQLite database (Node's `node:sqlite`, Node.js 22.13 or later) that keeps the whole state
   * (merchants and their keys, records, balances, idempotency keys, webhook subscriptions and
   * deliveries, the clock) across restarts: loaded at start, made when missing, and written
   * through after each change, one transaction per change, only the rows it changed. An answer
   * goes out only once its change is committed. The file's merchants, keys and clock replace the
   * random defaults (options given explicitly still win); its clock goes on by the time the
   * server was stopped. One server per file. A file that is not a database of this mock, of a
   * newer schema, corrupt, or whose ledger does not add up is refused (the server does not start)
   * and left as it is. A JSON state file of format 1 (`state.json`) is imported once into
   * `state.sqlite` beside it, and left as it is. While the server runs it holds the file for
   * itself: `GET /__mock/state/copy` streams a consistent copy. docs/sandbox.md lists the tables.
   * @default undefined (the state lives in memory and ends with the server)
   * @example await startMockServer({ port: 4010, state: './pix-sandbox.sqlite' })
   */
  state?: string;
}

const { baseUrl: _baseUrl, ...SERVICE_OPTION_NAMES } = MOCK_OPTION_NAMES;

/** The names {@link MockServerOptions} takes. */
const SERVER_OPTION_NAMES = {
  ...SERVICE_OPTION_NAMES,
  port: 0,
  // Before host: `allowedHost` contains one and is contained in the other, and the first wins.
  allowedHosts: 0,
  host: 0,
  state: 0,
} satisfies OptionNames<MockServerOptions>;

/** A running mock server. */
export interface MockServer {
  /** The base URL, e.g. `http://127.0.0.1:53117`. */
  url: string;
  /** The mock behind it: keys, scenario control, state. */
  service: MockService;
  /** Stops the server, its clock and pending deliveries (after the last write of the state file). */
  close(): Promise<void>;
  /**
   * With `state`: the database in use, and the JSON state file it was imported from (`now`: at
   * this start), when `state` named one.
   */
  stateFile?: { path: string; imported?: { from: string; now: boolean } | undefined };
}

/** Moves the service's clock on by the real time that passes; answers how to stop it. */
function followRealTime(service: MockService): () => void {
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    // Time stops at the clock's last moment (9999-12-31T23:59:59.999Z), if a test moved it there.
    service.clock.advance(Math.min(now - last, LAST_CLOCK_MS - service.clock.now().getTime()));
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
 * @throws TypeError for invalid options (an option name it does not take, naming the one
 *   meant), as {@link createMockService} does; an Error, in one line, for a `state` file that
 *   cannot be used.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  return startMockServerWith(options);
}

/**
 * How often Node looks for requests whose head is too slow to arrive: the head's limit is met
 * within this much.
 */
const HEAD_CHECK_MS = 1000;

/**
 * {@link startMockServer} with limits of the HTTP layer that tests shorten.
 * @internal
 */
export async function startMockServerWith(
  options: MockServerOptions,
  limits: AdapterLimits = {},
): Promise<MockServer> {
  requireSupportedNode();
  refuseUnknownMockOptions(options, 'startMockServer', SERVER_OPTION_NAMES, {
    baseUrl: "port and host (the server's url follows from them)",
  });
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = checkAllowedHosts(options.allowedHosts, 'startMockServer: allowedHosts');
  const kept = options.state === undefined ? undefined : await KeptState.open(options.state, options);
  // The mock needs the server's origin, known once it listens: until it is built (and a state
  // file written), requests get a 503 with Retry-After.
  let served: Served | undefined;
  const requestTimeout = limits.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer({
    // Node answers these with an empty body; the adapter answers them with the error body.
    requireHostHeader: false,
    // Node's limit on the whole request would also count the time an answer takes before its
    // body is read (a latency fault): the adapter times the body itself, Node only the head.
    requestTimeout: 0,
    headersTimeout: requestTimeout,
    connectionsCheckingInterval: Math.min(HEAD_CHECK_MS, requestTimeout),
  });
  const listener = requestListener(() => served, limits);
  server.on('request', listener);
  server.on('checkExpectation', listener);
  server.on(
    'connect',
    connectListener(() => served),
  );
  server.on('clientError', clientErrorListener);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    await kept?.release();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let built: ReturnType<typeof buildMockService>;
  try {
    built = buildMockService({ ...(kept?.options ?? options), baseUrl: origin }, kept?.changed);
    kept?.attach(built.parts);
  } catch (error) {
    // Bad options (a TypeError), a state file that cannot be created: nothing must be left listening.
    await new Promise((resolve) => server.close(resolve));
    await kept?.release();
    throw error;
  }
  const { service, routes, ctx } = built;
  // The dashboard at `/` (../dashboard/) and the copy of the kept state, first: each takes only
  // its own paths, on this server alone.
  const dashboard = dashboardHandler({ origin, ctx, handlers: service.handlers });
  served = {
    origin,
    handlers: [dashboard, stateCopyHandler(ctx, origin, kept), ...service.handlers],
    routes,
    guard: browserGuard(origin, allowedHosts),
    ...(kept && { durable: kept.durable }),
  };
  const stopClock = followRealTime(service);
  return {
    url: origin,
    service,
    ...(kept && { stateFile: kept.file }),
    close: async () => {
      stopClock();
      // No request is answered after this point: the last write of the state file covers them all.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      try {
        await kept?.close();
      } finally {
        service.reset();
        await closed;
      }
    },
  };
}
