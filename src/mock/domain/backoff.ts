/** Retrying with waits between attempts, stopped at once by an abort signal. */

/**
 * Waits `ms`, or less if `signal` aborts first. Its abort listener goes when the wait ends either
 * way: one signal outlives many waits (every delivery of a service generation shares it), and a
 * listener left behind per wait would pile up on it.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Calls `attempt` (told its number, from 1) until it answers true, waiting `delaysMs[n - 1]`
 * after failed attempt n: `delaysMs.length + 1` attempts at most. Answers whether one succeeded;
 * false at once when `signal` aborts.
 */
export async function retryWithBackoff(
  attempt: (n: number) => Promise<boolean>,
  delaysMs: readonly number[],
  signal: AbortSignal,
): Promise<boolean> {
  for (let n = 1; n <= delaysMs.length + 1; n++) {
    if (signal.aborted) return false;
    if (await attempt(n)) return true;
    const wait = delaysMs[n - 1];
    if (wait !== undefined) await sleep(wait, signal);
  }
  return false;
}
