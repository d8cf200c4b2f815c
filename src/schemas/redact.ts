/**
 * Secrets out of text the SDK did not write (an error body, a field error, a cause's or a store's
 * message), before it reaches an error message, a log line, `toJSON()` or inspect output. Here,
 * below the client and the webhooks, so that both use this one function.
 */

// Key-shaped values: secret and public keys, webhook signing secrets.
const KEY_SHAPED = /\b(?:sk|pk|whsec)_\w{8,}/g;
// A JSON field named like a secret (`"secret": "…"`): a signing secret need not be `whsec_`-shaped.
const SECRET_FIELD = /("[^"\\]*secret[^"\\]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

/**
 * `text` with each of `known` (the secret key, the user token) and any key-shaped value replaced
 * by `[redacted]`. JSON `\u` escapes of the characters keys and tokens are made of are decoded
 * first, so a body that spells a key `\u0073k_…` is caught; JSON text stays JSON, as those
 * characters need no escape.
 */
export function redactSecrets(text: string, known: readonly (string | undefined)[] = []): string {
  let plain = text.replace(/\\u([\da-f]{4})/gi, (sequence, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[\w.+/=-]/.test(char) ? char : sequence;
  });
  for (const secret of known) if (secret) plain = plain.replaceAll(secret, '[redacted]');
  return plain.replace(SECRET_FIELD, '$1"[redacted]"').replace(KEY_SHAPED, '[redacted]');
}
