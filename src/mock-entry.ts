/**
 * `pix-payments/mock`: the reference mock of the whole PIX service, built with msw, to test the
 * SDK and merchants' own apps end to end without touching real money.
 *
 * @packageDocumentation
 * @module mock
 */

// The entry joins the two rooms: the mock (src/mock/) and the sandbox's server (src/sandbox/),
// which stands on the mock, never the other way round.
export * from './mock/index.js';
export { type MockServer, type MockServerOptions, startMockServer } from './sandbox/server/server.js';
