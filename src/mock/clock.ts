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
   * @throws RangeError when `ms` is negative or not finite, or the time would pass what a `Date` holds.
   */
  advance(ms: number): void;
  /**
   * Jumps to `time` and runs what falls due. Going back is allowed (a test may start a scenario
   * over after `reset()`); nothing that already happened is undone.
   * @throws RangeError when `time` is not a valid date.
   */
  set(time: MockTime): void;
}

/** The furthest a `Date` reaches either side of 1970, in ms (ECMAScript's limit). */
const DATE_LIMIT_MS = 8.64e15;

/** Epoch milliseconds of a {@link MockTime}; an invalid date, or one a `Date` cannot hold, is a RangeError. */
export function toEpochMs(time: MockTime): number {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  if (!(Math.abs(ms) <= DATE_LIMIT_MS)) throw new RangeError(`Not a valid date: ${String(time)}`);
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
    if (this.#ms + ms > DATE_LIMIT_MS)
      throw new RangeError('advance would pass the last date a Date holds (+275760-09-13)');
    this.#ms += ms;
    this.onMove(this.now());
  }

  set(time: MockTime): void {
    this.#ms = toEpochMs(time);
    this.onMove(this.now());
  }
}
