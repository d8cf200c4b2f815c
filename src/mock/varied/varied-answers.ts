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

/** One answer's body written anew; `request` gives the URLs of a paginator. */
function vary(kind: AnswerKind, body: WireRecord, random: SeededRandom, request: URL): unknown {
  const style = drawRecordStyle(random);
  const single = random.pick(SINGLE_ENVELOPES);
  const list = random.pick(LIST_ENVELOPES);
  const items = () => body.data as WireRecord[];
  switch (kind) {
    case 'record':
      return wrapSingle(single, varyTransaction(body, style));
    case 'create-transaction': {
      const shown = random.pick(['all', 'documented', 'some'] as const);
      const record = varyTransaction(body, style);
      if (shown === 'all') return wrapSingle(single, record);
      return wrapSingle(
        single,
        withoutNotShown(record, () => shown === 'some' && random.coin()),
      );
    }
    case 'create-cashout': {
      const { _info, ...record } = varyTransaction(body, style);
      return wrapSingle(single, random.coin() ? { ...record, _info } : record);
    }
    case 'approve': {
      const record = varyTransaction(body, style);
      return wrapSingle(single, random.coin() ? asGatewayApproval(record, random) : record);
    }
    case 'list':
    case 'subscription-list': {
      const write = kind === 'list' ? varyTransaction : varySubscription;
      const records = items().map((item) => write(item, style));
      return wrapList(list, records, body, request);
    }
    case 'balance':
      return wrapSingle(single, varyBalance(body, style));
    case 'subscription':
      return wrapSingle(single, varySubscription(body, style));
    case 'event-list':
      return wrapList(list, items(), body, request);
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
    return { write: (_endpoint, answer) => answer, reset: () => undefined, seed, position: 0 };
  let count = 0;
  return {
    write(endpoint, answer, request) {
      const body = answer.body as WireRecord | undefined;
      if (answer.status < 200 || answer.status >= 300 || typeof body !== 'object' || body === null) {
        return answer;
      }
      const kind = kindOf(endpoint, body);
      if (kind === undefined) return answer;
      const random = answerRandom(seed, count++);
      changed({ part: 'answers' });
      return { ...answer, body: vary(kind, body, random, new URL(request.url)) };
    },
    reset(position = 0) {
      count = position;
    },
    seed,
    get position() {
      return count;
    },
  };
}
