/**
 * `pix-payments/mock`: the reference mock of the whole PIX service, built with msw, to test the
 * SDK and merchants' own apps end to end without touching real money.
 *
 * @packageDocumentation
 */

export type { MockClock, MockTime } from './clock.js';
export type { EndpointName, Fault, FaultRule, RouteName } from './faults.js';
export { FaultRuleSchema, ROUTES } from './faults.js';
export { MAGIC_PIX_KEYS } from './ledger.js';
export type { MockMerchant, MockMerchantOptions, MockServiceOptions } from './options.js';
export { type MockServer, type MockServerOptions, startMockServer } from './server.js';
export { createMockService, type MockService, type MockState } from './service.js';
export type { MockSimulate } from './simulate.js';
export type { MockBalance } from './store.js';
export type { DeliveryAttempt } from './subscriptions.js';
export type { MockAnswers } from './varied-answers.js';
