/**
 * A de-duplication store in Redis, shared by every instance of a receiver. It needs one atomic
 * command, `SET key 1 NX EX ttl`, sent through the generic command call that both clients have:
 * `client.call(...)` in ioredis and `client.sendCommand([...])` in node-redis. No client is a
 * dependency of this package.
 */
import { kindOf, optionsObject } from '../schemas/checks.js';
import type { ClaimResult, WebhookDedupeStore } from './dedupe-store.js';

/** An ioredis client (or cluster): anything with `call(command, ...args)`. */
export interface IoRedisLike {
  /** Sends any command, e.g. `call('SET', key, '1', 'NX', 'EX', 60)`. */
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
}
/** A node-redis (`redis` package) client: anything with `sendCommand(args)`. */
export interface NodeRedisLike {
  /** Sends any command, e.g. `sendCommand(['SET', key, '1', 'NX', 'EX', '60'])`. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** Options of {@link RedisDedupeStore}. */
export interface RedisDedupeStoreOptions {
  /** Prefix of every key. @default 'pix-payments:webhook:' */
  prefix?: string;
}

/** De-duplicates across machines with `SET NX EX`: exactly one claimant sees `first`. */
export class RedisDedupeStore implements WebhookDedupeStore {
  readonly #send: (args: string[]) => Promise<unknown>;
  readonly #prefix: string;

  constructor(client: IoRedisLike | NodeRedisLike, options?: RedisDedupeStoreOptions) {
    const { prefix = 'pix-payments:webhook:' } = optionsObject(options, 'RedisDedupeStore options');
    if (typeof prefix !== 'string') throw new TypeError(`prefix must be a string, got ${kindOf(prefix)}`);
    this.#prefix = prefix;
    const commands = (client ?? {}) as Partial<IoRedisLike & NodeRedisLike>;
    if (typeof commands.sendCommand === 'function' && typeof commands.call !== 'function') {
      const nodeRedis = client as NodeRedisLike;
      this.#send = (args) => nodeRedis.sendCommand(args);
    } else if (typeof commands.call === 'function') {
      const ioredis = client as IoRedisLike;
      this.#send = ([command, ...args]) => ioredis.call(command as string, ...args);
    } else {
      throw new TypeError(
        'RedisDedupeStore needs an ioredis client (call) or a node-redis client (sendCommand)',
      );
    }
  }

  async claim(key: string, ttlSeconds: number): Promise<ClaimResult> {
    const ttl = String(Math.max(1, Math.ceil(ttlSeconds)));
    const reply = await this.#send(['SET', this.#prefix + key, '1', 'NX', 'EX', ttl]);
    return reply === 'OK' ? 'first' : 'duplicate';
  }

  async release(key: string): Promise<void> {
    await this.#send(['DEL', this.#prefix + key]);
  }
}
