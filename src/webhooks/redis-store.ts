/**
 * A de-duplication store in Redis, shared by every instance of a receiver. A claim is one atomic
 * `SET key token NX PX lease`; renew, complete and release are one small Lua script that checks
 * the token first, so an attempt whose lease lapsed never touches another's. Commands go through the
 * generic call that both clients have: `client.call(...)` in ioredis and
 * `client.sendCommand([...])` in node-redis. No client is a dependency of this package.
 */
import { kindOf, optionsObject } from '../schemas/checks.js';
import { type OptionNames, refuseUnknownOptions } from '../schemas/known-options.js';
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

const REDIS_STORE_OPTION_NAMES = { prefix: 0 } satisfies OptionNames<RedisDedupeStoreOptions>;

/** The value of a key recorded as handled; a leased key holds its claimant's token (a UUID). */
const HANDLED = 'handled';

/**
 * Renew, complete and release in one script (ARGV: action, token, ms): complete records the key
 * whoever holds it and answers whether the caller did; the others act only for the holder.
 */
const BY_TOKEN = `local held = redis.call('GET', KEYS[1])
if ARGV[1] == 'complete' then redis.call('SET', KEYS[1], '${HANDLED}', 'PX', ARGV[3]) return held == ARGV[2] and 1 or 0 end
if held ~= ARGV[2] then return 0 end
if ARGV[1] == 'renew' then return redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return redis.call('DEL', KEYS[1])`;

const milliseconds = (seconds: number) => String(Math.max(1, Math.ceil(seconds * 1000)));

/** Leases and records event keys in Redis: exactly one claimant of a free key sees `claimed`. */
export class RedisDedupeStore implements WebhookDedupeStore {
  readonly #send: (args: string[]) => Promise<unknown>;
  readonly #prefix: string;

  constructor(client: IoRedisLike | NodeRedisLike, options?: RedisDedupeStoreOptions) {
    const { prefix = 'pix-payments:webhook:' } = refuseUnknownOptions(
      optionsObject(options, 'RedisDedupeStore options'),
      REDIS_STORE_OPTION_NAMES,
      'RedisDedupeStore',
    );
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

  async claim(key: string, token: string, leaseSeconds: number): Promise<ClaimResult> {
    const name = this.#prefix + key;
    if ((await this.#send(['SET', name, token, 'NX', 'PX', milliseconds(leaseSeconds)])) === 'OK')
      return 'claimed';
    // Gone between the two commands (a lease lapsed): the service's retry will claim it.
    return (await this.#send(['GET', name])) === HANDLED ? 'handled' : 'in-progress';
  }

  async renew(key: string, token: string, leaseSeconds: number): Promise<boolean> {
    return (await this.#byToken('renew', key, token, leaseSeconds)) === 1;
  }

  async complete(key: string, token: string, ttlSeconds: number): Promise<boolean> {
    return (await this.#byToken('complete', key, token, ttlSeconds)) === 1;
  }

  async release(key: string, token: string): Promise<void> {
    await this.#byToken('release', key, token, 0);
  }

  async #byToken(action: string, key: string, token: string, seconds: number): Promise<number> {
    return Number(
      await this.#send(['EVAL', BY_TOKEN, '1', this.#prefix + key, action, token, milliseconds(seconds)]),
    );
  }
}
