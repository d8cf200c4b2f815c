/**
 * `pix-payments/mock`: the reference mock of the whole PIX service, built with msw, to test the
 * SDK and merchants' own apps end to end without touching real money.
 *
 * @packageDocumentation
 */

export { type BuildBrCodeInput, buildBrCode } from '../pix/brcode-build.js';
export type { Fault, FaultRule, RouteName } from './faults.js';
export { ROUTES } from './faults.js';
export { MAGIC_PIX_KEYS } from './ledger.js';
export type { MockMerchant, MockMerchantOptions, MockServiceOptions } from './options.js';
export { type MockServer, type MockServerOptions, startMockServer } from './server.js';
export { createMockService, type MockBalance, type MockService, type MockState } from './service.js';
export type { MockSimulate } from './simulate.js';
export type { DeliveryAttempt } from './store.js';
