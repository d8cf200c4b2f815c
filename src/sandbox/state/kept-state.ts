/**
 * `startMockServer({ state })`: the whole state of the mock kept in a file. Loaded at start (its
 * merchants, keys and clock become the service's), and written after every change, through a
 * group commit: an answer waits until what it shows is on disk, and the answers of concurrent
 * requests share one write.
 */
import { LAST_CLOCK_MS } from '../../mock/domain/clock.js';
import type { MockMerchantOptions, MockServiceOptions } from '../../mock/options.js';
import type { StatefulParts } from '../../mock/service.js';
import { GroupCommit } from './group-commit.js';
import { lockStateFile, readStateText, StateFileError, writeAtomically } from './state-file.js';
import { decodeState, encodeState, type SavedState, STATE_FORMAT, STATE_VERSION } from './state-format.js';

/** Methods whose requests change nothing, by HTTP's rules (the stores report what else changes). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The options with what the file holds: explicit options win, the file replaces the random defaults. */
function withSaved(options: MockServiceOptions, saved: SavedState): MockServiceOptions {
  const given = options.merchants ?? [];
  const count = Math.max(given.length, saved.merchants.length);
  const merchants = Array.from({ length: count }, (_, i): MockMerchantOptions => {
    const explicit = Object.entries(given[i] ?? {}).filter(([, value]) => value !== undefined);
    return { ...saved.merchants[i], ...Object.fromEntries(explicit) };
  });
  // The mock's time went on while it was stopped, as a real service's does.
  const elapsedMs = Math.max(0, Date.now() - Date.parse(saved.savedAt));
  return {
    ...options,
    merchants,
    jwtSecret: options.jwtSecret ?? saved.jwtSecret,
    seed: options.seed ?? saved.answers.seed,
    startAt: options.startAt ?? Math.min(saved.now.getTime() + elapsedMs, LAST_CLOCK_MS),
  };
}

function snapshot(parts: StatefulParts): SavedState {
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    savedAt: new Date().toISOString(),
    now: parts.clock.now(),
    jwtSecret: parts.options.jwtSecret,
    merchants: parts.options.merchants,
    store: parts.store.save(),
    subscriptions: parts.subscriptions.save(),
    answers: { seed: parts.answers.seed, position: parts.answers.position },
  };
}

/** One state file in use by one server. */
export class KeptState {
  #commit: GroupCommit | undefined;

  private constructor(
    private readonly path: string,
    private readonly saved: SavedState | undefined,
    /** The server's options, with the merchants, keys and clock of the file. */
    readonly options: MockServiceOptions,
    /** Lets the file go for another server: removes its lock. */
    readonly release: () => Promise<void>,
  ) {}

  /**
   * Locks the file for this server, and reads it (none yet is fine: it is created).
   * @throws StateFileError in one line when the file cannot be used, or another server uses it;
   *   it is then never written.
   */
  static async open(path: string, options: MockServiceOptions): Promise<KeptState> {
    const release = await lockStateFile(path);
    try {
      const text = await readStateText(path);
      const saved = text === undefined ? undefined : decodeState(text, path);
      const merged = saved === undefined ? options : withSaved(options, saved);
      return new KeptState(path, saved, merged, release);
    } catch (error) {
      await release();
      throw error;
    }
  }

  /** Told of every change the stores make: saved with the next write. */
  readonly changed = (): void => this.#commit?.changed();

  /**
   * Puts the file's state into the service, and writes it at once: the file is created if there was
   * none, holds what explicit options changed, and is known to be writable before any request.
   */
  async attach(parts: StatefulParts): Promise<void> {
    if (this.saved !== undefined) {
      parts.store.restore(this.saved.store);
      parts.subscriptions.restore(this.saved.subscriptions);
      // Another seed is another sequence: it starts from its beginning.
      const { seed, position } = this.saved.answers;
      parts.answers.reset(parts.answers.seed === seed ? position : 0);
    }
    this.#commit = new GroupCommit(() => writeAtomically(this.path, encodeState(snapshot(parts))));
    this.#commit.changed();
    try {
      await this.#commit.flush();
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).message;
      throw new StateFileError(`Cannot write the state file ${this.path} (${code})`);
    }
  }

  /**
   * Resolves once what a request may have changed is on disk: before its answer goes out. A
   * request of another method than GET, HEAD or OPTIONS counts as a change (the clock, a reset).
   */
  readonly durable = (request: Request): Promise<void> => {
    const commit = this.#commit as GroupCommit;
    if (!SAFE_METHODS.has(request.method)) commit.changed();
    return commit.flush();
  };

  /** Writes the last state (the clock as it stands), stops writing and lets the file go. */
  async close(): Promise<void> {
    try {
      this.#commit?.changed();
      await this.#commit?.flush();
      this.#commit?.stop();
    } finally {
      await this.release();
    }
  }
}
