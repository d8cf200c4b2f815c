/**
 * A small seeded random generator for the mock's varied answers: the same seed gives the same
 * numbers on every platform and Node version, which `Math.random` cannot promise.
 */

/** murmur3's 32-bit finaliser: spreads every input bit over the whole word. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: fast, 32 bits of state, good enough to pick shapes (not for secrets). */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** True one time in two. */
  coin(): boolean {
    return this.next() < 0.5;
  }

  /** One of `items`, each as likely. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `length` lower-case hexadecimal digits. */
  hex(length: number): string {
    let text = '';
    while (text.length < length) text += Math.floor(this.next() * 16).toString(16);
    return text;
  }
}

/**
 * The generator of answer number `index` in a run seeded with `seed`. Each answer draws from its
 * own stream, so how many numbers one answer needs never shifts the answers after it.
 */
export function answerRandom(seed: number, index: number): SeededRandom {
  const low = seed >>> 0;
  const high = Math.floor(seed / 4_294_967_296) >>> 0;
  return new SeededRandom(mix(mix(low ^ mix(high)) ^ index));
}
