/**
 * A state document of format 1 (the JSON the sandbox wrote before its database) from a service's
 * parts; the tests' JSON files and the benchmark's seeding build theirs with it.
 */
import type { StatefulParts } from '../../src/mock/service.js';
import { type SavedState, STATE_FORMAT } from '../../src/sandbox/state/state-format.js';

/** The document of `parts` as they stand; `given` replaces its store, subscriptions or answers. */
export function savedStateOf(
  parts: StatefulParts,
  given: Partial<Pick<SavedState, 'store' | 'subscriptions' | 'answers'>> = {},
): SavedState {
  return {
    format: STATE_FORMAT,
    version: 1,
    savedAt: new Date().toISOString(),
    now: parts.clock.now(),
    jwtSecret: parts.options.jwtSecret,
    merchants: parts.options.merchants,
    store: given.store ?? parts.store.save(),
    subscriptions: given.subscriptions ?? parts.subscriptions.save(),
    answers: given.answers ?? { seed: parts.answers.seed, position: parts.answers.position },
  };
}
