/**
 * A parity run: each probe of the script asked of the service and of the reference mock, and
 * the two answers compared. Nothing is compared when the service cannot be reached or refuses
 * the secret key: that is a {@link ParityRefused}, not a list of differences.
 */
import { randomUUID } from 'node:crypto';
import { type Credentials, mockSide, type Side, serviceSide } from './answers.js';
import { compareAnswers, type Divergence, type ProbeAnswer } from './compare.js';
import { chargeProbes, type Probe, readBackTarget, readOnlyProbes } from './probes.js';
import { shownUrl } from './report.js';

/** What a parity run is asked. */
export interface ParityOptions extends Credentials {
  baseUrl: string;
  /** Adds the POSTs of a charge of 0.01 (`--allow-charges`); never a payout. */
  allowCharges?: boolean;
  /** Told before each probe is sent (the CLI's progress line). */
  onProgress?: (done: number, total: number, probe: string) => void;
  /** Told of each pair of answers (`--record` keeps the service's). */
  onAnswers?: (probe: Probe, service: ProbeAnswer, mock: ProbeAnswer) => void;
}

/** How one probe came out. */
export type ProbeOutcome = 'same' | 'differs' | 'not compared';

/** One probe's result. */
export interface ProbeResult {
  name: string;
  method: string;
  target: string;
  outcome: ProbeOutcome;
  /** Why it was not compared. */
  reason?: string;
  divergences: Divergence[];
}

/** A parity run's results and their count. */
export interface ParityReport {
  probes: ProbeResult[];
  summary: { probes: number; compared: number; same: number; differs: number; notCompared: number };
}

/** Nothing could be compared: the service cannot be reached, or refuses the secret key. */
export class ParityRefused extends Error {
  override name = 'ParityRefused';
}

/** The records of a list answer, wherever its envelope keeps them; undefined if none is found. */
function recordsOf(answer: ProbeAnswer): unknown[] | undefined {
  const body = answer.body as { data?: unknown } | undefined;
  if (Array.isArray(body)) return body;
  return Array.isArray(body?.data) ? body.data : undefined;
}

function emptyList(service: ProbeAnswer, mock: ProbeAnswer): string | undefined {
  if (recordsOf(service)?.length === 0) return "the service's list is empty";
  if (recordsOf(mock)?.length === 0) return "the mock's list is empty";
  return undefined;
}

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if ((error as Error).name === 'TimeoutError') return 'no answer in time';
  return String(cause?.message ?? (error as Error).message).split('\n')[0] as string;
}

/** The result of one probe from its two answers. */
export function resultOf(probe: Probe, service: ProbeAnswer, mock: ProbeAnswer): ProbeResult {
  const base = { name: probe.name, method: probe.method, target: probe.target };
  const bothJsonOk =
    service.kind === 'json' && mock.kind === 'json' && service.status < 300 && mock.status < 300;
  const reason = probe.list && bothJsonOk ? emptyList(service, mock) : undefined;
  if (reason !== undefined) return { ...base, outcome: 'not compared', reason, divergences: [] };
  const divergences = compareAnswers(service, mock);
  return { ...base, outcome: divergences.length === 0 ? 'same' : 'differs', divergences };
}

/** Counts the results. */
export function summarize(probes: ProbeResult[]): ParityReport['summary'] {
  const count = (outcome: ProbeOutcome) => probes.filter((probe) => probe.outcome === outcome).length;
  const notCompared = count('not compared');
  return {
    probes: probes.length,
    compared: probes.length - notCompared,
    same: count('same'),
    differs: count('differs'),
    notCompared,
  };
}

/** The `transactionId` of a record answered bare or under `data`. */
function transactionIdOf(answer: ProbeAnswer | undefined): string | undefined {
  const body = answer?.body as { transactionId?: unknown; data?: { transactionId?: unknown } } | undefined;
  const id = body?.transactionId ?? body?.data?.transactionId;
  return typeof id === 'string' ? id : undefined;
}

/** A side that remembers its answers, so that a read-back asks for the record it made itself. */
function remembering(side: Side): Side {
  const answers = new Map<string, ProbeAnswer>();
  return async (probe) => {
    const made = probe.readsBack === undefined ? undefined : answers.get(probe.readsBack);
    const asked =
      probe.readsBack === undefined
        ? probe
        : { ...probe, target: readBackTarget(transactionIdOf(made) ?? randomUUID()) };
    const answer = await side(asked);
    answers.set(probe.name, answer);
    return answer;
  };
}

/** Runs `probes` against both sides, in order. */
export async function runProbes(
  probes: Probe[],
  service: Side,
  mock: Side,
  options: Pick<ParityOptions, 'onProgress' | 'onAnswers' | 'baseUrl'>,
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  const [theService, theMock] = [remembering(service), remembering(mock)];
  for (const [index, probe] of probes.entries()) {
    options.onProgress?.(index, probes.length, probe.name);
    let theirs: ProbeAnswer;
    try {
      theirs = await theService(probe);
    } catch (error) {
      throw new ParityRefused(`cannot reach ${shownUrl(options.baseUrl)}: ${describeFailure(error)}`);
    }
    if (probe.auth === 'secret' && theirs.status === 401) {
      throw new ParityRefused(
        `the service refused the secret key (401 to ${probe.method} ${probe.target.split('?')[0]}): nothing could be compared`,
      );
    }
    const ours = await theMock(probe);
    options.onAnswers?.(probe, theirs, ours);
    results.push(resultOf(probe, theirs, ours));
  }
  return results;
}

/**
 * Runs the read-only script against the service at `options.baseUrl` and an in-process mock.
 * @throws ParityRefused when the service cannot be reached or answers 401 to the secret key.
 * @example const { summary } = await runParity({ baseUrl, secretKey }); // summary.differs === 0
 */
export async function runParity(options: ParityOptions): Promise<ParityReport> {
  const probes = readOnlyProbes(randomUUID(), options.userToken !== undefined);
  if (options.allowCharges) probes.push(...chargeProbes(randomUUID()));
  const results = await runProbes(probes, serviceSide(options.baseUrl, options), await mockSide(), options);
  return { probes: results, summary: summarize(results) };
}
