/**
 * Timed HTTP calls for the load benchmark: plain `fetch`, so that the figures are the mock's and
 * not a client's (no retries to hide an error).
 */

/** One answer: its status (0 when the connection failed), its JSON body and its latency. */
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, checked by the caller.
  body: any;
  ms: number;
}

/** A caller of one mock server with one merchant's secret key. */
export function caller(base: string, secretKey: string) {
  const headers = { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' };
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> => {
    const start = performance.now();
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text === '' ? null : JSON.parse(text),
        ms: performance.now() - start,
      };
    } catch (error) {
      return { status: 0, body: { message: String(error) }, ms: performance.now() - start };
    }
  };
}

/** The figures of one burst of concurrent requests. */
export interface Burst {
  answers: Answer[];
  /** Wall time from the first request sent to the last answer read, in ms. */
  wallMs: number;
}

/** Sends every request at once and waits for all the answers. */
export async function burst(requests: (() => Promise<Answer>)[]): Promise<Burst> {
  const start = performance.now();
  const answers = await Promise.all(requests.map((send) => send()));
  return { answers, wallMs: performance.now() - start };
}

/** The `p`-th percentile (nearest rank) of the latencies, in ms. */
export function percentile(answers: Answer[], p: number): number {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A table row: requests, errors, throughput and latency of a burst. */
export function burstRow(label: string, { answers, wallMs }: Burst, errors: number): string {
  const rate = Math.round((answers.length / wallMs) * 1000).toLocaleString('en');
  const p = (n: number) => percentile(answers, n).toFixed(1);
  return `| ${label} | ${answers.length.toLocaleString('en')} | ${errors} | ${rate} | ${p(50)} | ${p(99)} |`;
}

/** Money in integer cents from an amount with at most two decimals, as it is on the wire. */
export const cents = (amount: number | string): number => Math.round(Number(amount) * 100);
