/** Reading toCsv's output back, for the tests. */
import { parse } from 'csv-parse/sync';
import type { RecordSource } from '../../src/reports/index.js';

/** Every chunk of an async iterable, joined. */
export async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const line of lines) chunks.push(line);
  return chunks;
}

/** The CSV text parsed strictly (RFC 4180 quoting, no relaxing) into rows of fields. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_quotes: false, relax_column_count: false, skip_empty_lines: false });
}

/** A source that counts how many records were pulled from it. */
export function counted<T>(make: (index: number) => T, limit = Number.POSITIVE_INFINITY) {
  const state = { pulled: 0, closed: false };
  const source: RecordSource<T> = {
    async *[Symbol.asyncIterator]() {
      try {
        while (state.pulled < limit) yield make(state.pulled++);
      } finally {
        state.closed = true;
      }
    },
  };
  return { source, state };
}
