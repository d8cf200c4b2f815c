/**
 * The mock's time. It stands still until something moves it: a test (`mock.clock.advance`), or
 * the timer of `startMockServer`, which follows real time. Whatever falls due when time moves
 * (charge expiry) runs then, never as a side effect of answering a request.
 */

/** A moment, as a `Date`, an ISO 8601 string or epoch milliseconds. */
export type MockTime = Date | string | number;

/**
 * The clock of a mock service (`mock.clock`). Every timestamp the mock writes comes from it, and
 * moving it runs what falls due, such as the expiry of PENDING charges.
 *
 * @example
 * const mock = createMockService({ startAt: '2026-11-21T10:00:00Z' });
 * // … create a charge …
 * mock.clock.advance(60 * 60 * 1000); // an hour later: the charge is CANCELLED
 */
export interface MockClock {
  /** The mock's current time. */
  now(): Date;
  /**
   * Moves time forward by `ms` milliseconds and runs what falls due.
   * @throws RangeError when `ms` is negative or not finite, or the time would pass 9999-12-31T23:59:59.999Z.
   */
  advance(ms: number): void;
  /**
   * Jumps to `time` and runs what falls due. Going back is allowed (a test may start a scenario
   * over after `reset()`); nothing that already happened is undone.
   * @throws RangeError when `time` is not a valid date, or not within years 2000 to 9999 (UTC).
   */
  set(time: MockTime): void;
}

/**
 * The clock's range, years 2000 to 9999 (UTC): past 9999 an ISO 8601 date-time is no longer of
 * the usual form (`+010000-…`), which receivers and the service's schemas refuse.
 */
export const FIRST_CLOCK_MS = Date.UTC(2000, 0, 1);
/** The latest time of the clock: 9999-12-31T23:59:59.999Z. */
export const LAST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The range in words, for messages. */
export const CLOCK_RANGE = 'within years 2000 to 9999 (2000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z)';

/** True for epoch milliseconds the clock may show. */
export function isClockTime(ms: number): boolean {
  return ms >= FIRST_CLOCK_MS && ms <= LAST_CLOCK_MS;
}

/**
 * Epoch milliseconds of a {@link MockTime}: a RangeError for an invalid date, or one outside the
 * clock's range.
 */
export function toEpochMs(time: MockTime): number {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  if (Number.isNaN(ms)) throw new RangeError(`Not a valid date: ${String(time)}`);
  if (!isClockTime(ms)) throw new RangeError(`The mock's clock stays ${CLOCK_RANGE}, not at ${String(time)}`);
  return ms;
}

/** The clock behind `mock.clock`: a time that only moves when told, and one listener told of each move. */
export class ServiceClock implements MockClock {
  #ms: number;

  constructor(
    start: MockTime,
    private readonly onMove: (now: Date) => void,
  ) {
    this.#ms = toEpochMs(start);
  }

  now(): Date {
    return new Date(this.#ms);
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance takes a finite ms >= 0, not ${ms}`);
    if (this.#ms + ms > LAST_CLOCK_MS)
      throw new RangeError(`advance would take the clock out of its range: it stays ${CLOCK_RANGE}`);
    this.#ms += ms;
    this.onMove(this.now());
  }

  set(time: MockTime): void {
    this.#ms = toEpochMs(time);
    this.onMove(this.now());
  }
}
