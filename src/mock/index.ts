/**
 * The mock's own room: the service as msw handlers, what `pix-payments/mock` users' tests load.
 * The package entry (`src/mock-entry.ts`) adds the sandbox's `startMockServer` to it; nothing
 * here imports `src/sandbox/`.
 */

export type { MockClock, MockTime } from './domain/clock.js';
export type { EndpointName, Fault, FaultRule, RouteName } from './domain/faults.js';
export { FaultRuleSchema, ROUTES } from './domain/faults.js';
export { MAGIC_PIX_KEYS } from './domain/ledger.js';
export type { MockBalance } from './domain/store.js';
export type { DeliveryAttempt } from './domain/subscriptions.js';
export type { MockMerchant, MockMerchantOptions, MockServiceOptions } from './options.js';
export { createMockService, type MockDeliveries, type MockService, type MockState } from './service.js';
export type { MockSimulate } from './simulate.js';
export type { MockAnswers, VariedAnswer, VariedField } from './varied/varied-answers.js';
