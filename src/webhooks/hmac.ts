/**
 * HMAC SHA-256 as lower-case hex, on every runtime. Where the runtime has `node:crypto` (Node,
 * Bun, Deno) it is reached through `process.getBuiltinModule`, with no static `node:` import that
 * would break Workers or browsers; elsewhere Web Crypto, with the imported key cached per secret.
 */
import { builtinModule } from '../runtime/builtin-module.js';
import { payloadBytes, type WebhookPayload } from './payload.js';

interface NodeHmac {
  update(data: string | ArrayBufferView): NodeHmac;
  digest(encoding: 'hex'): string;
}
interface NodeCrypto {
  createHmac(algorithm: 'sha256', key: string): NodeHmac;
}

let nodeCrypto: NodeCrypto | null | undefined;

function loadNodeCrypto(): NodeCrypto | null {
  if (nodeCrypto !== undefined) return nodeCrypto;
  const mod = builtinModule<NodeCrypto>('node:crypto');
  nodeCrypto = typeof mod?.createHmac === 'function' ? mod : null;
  return nodeCrypto;
}

/** Which implementation this runtime uses: `node` (node:crypto) or `webcrypto`. */
export function hmacBackend(): 'node' | 'webcrypto' {
  return loadNodeCrypto() === null ? 'webcrypto' : 'node';
}

/** For tests: forget or force the backend (`null` forces Web Crypto). */
export function setHmacBackendForTesting(backend: 'auto' | 'webcrypto'): void {
  nodeCrypto = backend === 'webcrypto' ? null : undefined;
}

const MAX_CACHED_KEYS = 32;
const webKeys = new Map<string, Promise<CryptoKey>>();

function webKey(secret: string): Promise<CryptoKey> {
  let key = webKeys.get(secret);
  if (key === undefined) {
    if (webKeys.size >= MAX_CACHED_KEYS) webKeys.clear();
    key = crypto.subtle.importKey(
      'raw',
      payloadBytes(secret) as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    webKeys.set(secret, key);
  }
  return key;
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The hex HMAC SHA-256 of the exact payload bytes, synchronously where `node:crypto` exists. */
export function hmacHexSync(payload: WebhookPayload, secret: string): string | undefined {
  // Text and views (of any realm) go to node:crypto as they are: no copy or view is made here.
  const data = typeof payload === 'string' || ArrayBuffer.isView(payload) ? payload : payloadBytes(payload);
  return loadNodeCrypto()?.createHmac('sha256', secret).update(data).digest('hex');
}

/** The hex HMAC SHA-256 of the exact payload bytes. */
export async function hmacHex(payload: WebhookPayload, secret: string): Promise<string> {
  const hex = hmacHexSync(payload, secret);
  if (hex !== undefined) return hex;
  const signature = await crypto.subtle.sign(
    'HMAC',
    await webKey(secret),
    payloadBytes(payload) as Uint8Array<ArrayBuffer>,
  );
  return toHex(signature);
}

/**
 * Compares a computed lower-case hex digest with a received one in time that depends only on
 * the length (fixed at 64 here), not on where they differ. Upper-case hex is accepted.
 */
export function timingSafeHexEqual(expected: string, received: string): boolean {
  if (expected.length !== received.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) {
    // `| 0x20` folds A-F onto a-f; digits already have that bit set.
    diff |= expected.charCodeAt(i) ^ (received.charCodeAt(i) | 0x20);
  }
  return diff === 0;
}
