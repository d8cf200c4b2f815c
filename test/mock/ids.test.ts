/** Identifiers the mock mints: secret characters drawn without bias. */
import { describe, expect, it } from 'vitest';
import { randomAlphanumeric, UNBIASED_BYTE_LIMIT } from '../../src/mock/domain/ids.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Pearson's chi-square of the character counts of `text` against a uniform alphabet. */
function chiSquare(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  const expected = text.length / ALPHABET.length;
  let sum = 0;
  for (const char of ALPHABET) sum += ((counts.get(char) ?? 0) - expected) ** 2 / expected;
  return sum;
}

/** A byte source that answers the given bytes, then the next list, and so on. */
function scripted(...draws: number[][]) {
  const asked: number[] = [];
  return {
    asked,
    source: (count: number) => {
      asked.push(count);
      return Uint8Array.from(draws.shift() ?? []);
    },
  };
}

describe('randomAlphanumeric', () => {
  it('uses only bytes under 248 (the largest multiple of 62 in a byte) and draws again for the rest', () => {
    expect(UNBIASED_BYTE_LIMIT).toBe(248);
    const { source, asked } = scripted([248, 0, 255, 61, 249], [250, 62, 247, 1]);
    expect(randomAlphanumeric(4, source)).toBe('A9A9');
    expect(asked).toHaveLength(2);
  });

  it('draws every character about equally often (chi-square over 124,000 draws)', () => {
    const text = Array.from({ length: 2000 }, () => randomAlphanumeric(ALPHABET.length)).join('');
    expect(text).toMatch(/^[A-Za-z0-9]+$/);
    expect(randomAlphanumeric(70_000)).toHaveLength(70_000);
    // 61 degrees of freedom: 120 is passed by chance about once in 100,000 runs.
    expect(chiSquare(text)).toBeLessThan(120);
  });

  it('is sensitive enough to see the bias of byte % 62, which it replaces', () => {
    const bytes = Array.from({ length: 2000 }, () => [...crypto.getRandomValues(new Uint8Array(62))]).flat();
    const biased = bytes.map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    expect(chiSquare(biased)).toBeGreaterThan(200);
  });
});
