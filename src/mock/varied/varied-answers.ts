/**
 * The mock's `answers: 'varied'` mode: each successful answer of the service's endpoints written
 * in a shape the interface document allows but the reference does not use, or that real services
 * send (docs/client.md, "Reading answers"), chosen by a seeded generator per answer. What never changes:
 * the identity, the money values, the status code, error answers, what webhook deliveries say
 * (their bytes vary by seed, src/mock/domain/webhook-body.ts) and the
 * `/__mock/*` control answers.
 */
import { type AnswerKind, type OperationContract, operations } from '../../operations.js';
import type { EndpointName } from '../domain/faults.js';
import type { ChangeListener } from '../domain/state-change.js';
import type { Answer } from '../http/respond.js';
import { answerRandom, type SeededRandom } from './seeded-random.js';
import { LIST_ENVELOPES, SINGLE_ENVELOPES, wrapList, wrapSingle } from './varied-envelopes.js';
import {
  asGatewayApproval,
  drawRecordStyle,
  type FieldChange,
  type NoteChange,
  varyBalance,
  varySubscription,
  varyTransaction,
  type WireRecord,
  withoutNotShown,
} from './varied-records.js';

/**
 * How the mock writes its successful answers: `'reference'`, always in the shapes of
 * docs/service-behaviour.md; `'varied'`, in shapes chosen by a seed among those a real service may send.
 */
export type MockAnswers = 'reference' | 'varied';

/** The modes of `createMockService({ answers })`. */
export const MOCK_ANSWERS: readonly MockAnswers[] = ['reference', 'varied'];

/** How each operation's success may vary, by its name in the mock (`answerKind` in `src/operations.ts`). */
const KINDS = new Map<string, AnswerKind | undefined>(
  Object.values(operations).map((contract: OperationContract) => [contract.name, contract.answerKind]),
);

function kindOf(endpoint: EndpointName, body: WireRecord): AnswerKind | undefined {
  const kind = KINDS.get(endpoint);
  // A list operation that answers one record (list-transactions with `transactionId`) varies it as one.
  return kind === 'list' && !Array.isArray(body.data) ? 'record' : kind;
}

/**
 * One thing the varied mode changed in an answer, at its path in the answer it sent (`$` the body,
 * `$.data[]` an item of a list): an envelope (`kind: 'envelope'`: a key the envelope added or took
 * away, `$.data` for a record put under `data`, `$` for a list sent as a bare array), or a field of
 * a record (./varied-records.ts's `FieldChange`).
 */
export interface VariedField {
  path: string;
  kind: FieldChange['kind'] | 'envelope';
  from?: unknown;
  to?: unknown;
}

/** What the varied mode did to one answer: which request it answered and what it changed. */
export interface VariedAnswer {
  /** The answer's number in the seed's sequence. */
  position: number;
  method: string;
  /** The request's path and query. */
  target: string;
  fields: VariedField[];
}

/** How many answers {@link AnswerWriter.varied} keeps, the latest. */
export const VARIED_KEPT = 200;

/** The keys one object has and the other has not, as envelope changes at `path`. */
function envelopeKeys(path: string, sent: unknown, reference: unknown, out: VariedField[]): void {
  const keys = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  const [ours, theirs] = [new Set(keys(sent)), new Set(keys(reference))];
  for (const key of ours) if (!theirs.has(key)) out.push({ path: `${path}.${key}`, kind: 'envelope' });
  for (const key of theirs) if (!ours.has(key)) out.push({ path: `${path}.${key}`, kind: 'envelope' });
}

/** One answer's body written anew, and what was changed; `request` gives the URLs of a paginator. */
function vary(
  kind: AnswerKind,
  body: WireRecord,
  random: SeededRandom,
  request: URL,
): { body: unknown; fields: VariedField[] } {
  const style = drawRecordStyle(random);
  const single = random.pick(SINGLE_ENVELOPES);
  const list = random.pick(LIST_ENVELOPES);
  const items = () => body.data as WireRecord[];
  const fields: VariedField[] = [];
  const at =
    (prefix: string): NoteChange =>
    ({ field, ...change }) =>
      fields.push({ path: `${prefix}.${field}`, ...change });
  const one = (record: unknown) => {
    if (single === 'data') fields.push({ path: '$.data', kind: 'envelope' });
    return { body: wrapSingle(single, record), fields };
  };
  const recordNote = at(single === 'data' ? '$.data' : '$');
  switch (kind) {
    case 'record':
      return one(varyTransaction(body, style, recordNote));
    case 'create-transaction': {
      const shown = random.pick(['all', 'documented', 'some'] as const);
      const record = varyTransaction(body, style, recordNote);
      if (shown === 'all') return one(record);
      return one(withoutNotShown(record, () => shown === 'some' && random.coin(), recordNote));
    }
    case 'create-cashout': {
      const { _info, ...record } = varyTransaction(body, style, recordNote);
      if (random.coin()) return one({ ...record, _info });
      if (_info !== undefined) recordNote({ field: '_info', kind: 'dropped', from: _info });
      return one(record);
    }
    case 'approve': {
      const record = varyTransaction(body, style, recordNote);
      return one(random.coin() ? asGatewayApproval(record, random, recordNote) : record);
    }
    case 'list':
    case 'subscription-list':
    case 'event-list': {
      const itemNote = at(list === 'bare' ? '$[]' : '$.data[]');
      const write =
        kind === 'list' ? varyTransaction : kind === 'subscription-list' ? varySubscription : undefined;
      const records = write === undefined ? items() : items().map((item) => write(item, style, itemNote));
      const sent = wrapList(list, records, body, request);
      if (list === 'bare') fields.push({ path: '$', kind: 'envelope' });
      else {
        envelopeKeys('$', sent, body, fields);
        const meta = (value: unknown) => (value as WireRecord).meta;
        if (meta(sent) !== undefined && meta(body) !== undefined)
          envelopeKeys('$.meta', meta(sent), meta(body), fields);
      }
      return { body: sent, fields };
    }
    case 'balance':
      return one(varyBalance(body, style, recordNote));
    case 'subscription':
      return one(varySubscription(body, style, recordNote));
  }
}

/** Writes the answers of one mock service in its mode. */
export interface AnswerWriter {
  /** The answer as the service sends it: varied when it is a success with a body, else as given. */
  write(endpoint: EndpointName, answer: Answer, request: Request): Answer;
  /**
   * Starts the sequence of varied answers again: from its start, as a fresh service would, or
   * from `position`, as a service restarted from its state file does.
   */
  reset(position?: number): void;
  /** The seed of the sequence. */
  readonly seed: number;
  /** How many answers of the sequence were written so far. */
  readonly position: number;
  /**
   * What the varied mode changed in each answer it wrote, the latest {@link VARIED_KEPT}, oldest
   * first (none in `reference` mode): written by the code that varies, so a test can know exactly
   * what differs from the reference.
   */
  readonly varied: readonly VariedAnswer[];
}

/**
 * The answer writer of a mode. In `varied` mode answer number n of the service draws from a
 * generator seeded with (`seed`, n), so the same seed and the same requests give the same answers.
 * @param changed told each time the position moves (a state file saves it), GET answers included.
 */
export function createAnswerWriter(
  mode: MockAnswers,
  seed: number,
  changed: ChangeListener = () => undefined,
): AnswerWriter {
  if (mode === 'reference')
    return { write: (_endpoint, answer) => answer, reset: () => undefined, seed, position: 0, varied: [] };
  let count = 0;
  const varied: VariedAnswer[] = [];
  return {
    write(endpoint, answer, request) {
      const body = answer.body as WireRecord | undefined;
      if (answer.status < 200 || answer.status >= 300 || typeof body !== 'object' || body === null) {
        return answer;
      }
      const kind = kindOf(endpoint, body);
      if (kind === undefined) return answer;
      const position = count++;
      const random = answerRandom(seed, position);
      changed({ part: 'answers' });
      const url = new URL(request.url);
      const written = vary(kind, body, random, url);
      varied.push({
        position,
        method: request.method,
        target: url.pathname + url.search,
        fields: written.fields,
      });
      if (varied.length > VARIED_KEPT) varied.shift();
      return { ...answer, body: written.body };
    },
    reset(position = 0) {
      count = position;
      varied.length = 0;
    },
    seed,
    get position() {
      return count;
    },
    varied,
  };
}
