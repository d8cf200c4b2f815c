/**
 * Secrets out of text the SDK did not write (an error body, a header, a field error, a cause's or
 * a store's message), before it reaches an error message, a log line, `toJSON()` or inspect
 * output. Here, below the client and the webhooks, so that both use this one function.
 *
 * The rule: a secret is found however a JSON or URL layer spelt it, each of its characters raw,
 * as a JSON escape (`\u005f` or `\u005F`; `\/`, `\"`, `\\`) or percent-encoded (`%5f` or `%5F`;
 * `+` for a space), in any mix. A known secret (the secret key, the user token, a webhook
 * signing secret) is found whole and by the part that is secret on its own: the key after
 * `sk_live_prod_`, the token's signature (a JWT's third part), the signing secret after `whsec_`.
 * So is any `sk_`/`pk_`/`whsec_`-shaped value, with its part after the prefix, and the value of
 * a JSON field named like a secret (a signing secret need not be `whsec_`-shaped).
 */

// A JSON field named like a secret (`"secret": "…"`).
const SECRET_FIELD = /("[^"\\]*secret[^"\\]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
// Made on first use, not at import: most processes never redact.
let keyShaped: RegExp | undefined;
// One matcher per list of known secrets: a list is the client's (or a receiver's) for its life.
const matchers = new Map<string, RegExp | undefined>();

/** A hex number in any case: `5f` → `5[fF]`. */
const hex = (code: number, width: number) =>
  code
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);

/** A RegExp source that matches `text` with each of its characters spelt in any of the forms. */
function spelled(text: string): string {
  let source = '';
  for (const char of text) {
    const raw = char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
    // JSON's short escapes (`\/`, `\"`, `\\`) and a URL's `+` for a space are spellings too.
    let forms = `${raw}|${char === ' ' ? '\\+|' : '"\\/'.includes(char) ? `\\\\${raw}|` : ''}`;
    for (let i = 0; i < char.length; ) forms += `\\\\u${hex(char.charCodeAt(i++), 4)}`;
    forms += '|';
    for (const byte of new TextEncoder().encode(char)) forms += `%${hex(byte, 2)}`;
    source += `(?:${forms})`;
  }
  return source;
}

/**
 * `text` with each of `known` (and each one's secret parts) replaced by `[redacted]`, in any
 * spelling; nothing else. What `ResponseValidationError.body` keeps: the client's own key and
 * token out, a new subscription's signing secret readable.
 */
export function redactKnown(text: string, known: readonly (string | undefined)[]): string {
  const id = known.join('\n');
  if (!matchers.has(id)) {
    // Each secret, and what is secret on its own: the part after the prefix, a JWT's signature.
    const parts = known.flatMap((secret) =>
      secret ? [secret, secret.replace(/^(?:sk_live_prod_|sk_|whsec_)/, ''), secret.split('.')[2] ?? ''] : [],
    );
    const sources = new Set(parts.filter((part) => part.length >= 6 || known.includes(part)).map(spelled));
    // Bounded: a token function may return a new token on every call.
    if (matchers.size > 32) matchers.clear();
    matchers.set(id, sources.size === 0 ? undefined : new RegExp([...sources].join('|'), 'g'));
  }
  const matcher = matchers.get(id);
  return matcher === undefined ? text : text.replace(matcher, '[redacted]');
}

/** `text` with the escapes `pattern` finds decoded, where they spell a character keys and tokens are made of. */
function decodeKeyChars(text: string, pattern: RegExp): string {
  return text.replace(pattern, (sequence: string, u?: string, p?: string) => {
    const char = String.fromCharCode(Number.parseInt(u ?? (p as string), 16));
    return /[\w.+/=-]/.test(char) ? char : sequence;
  });
}

/**
 * The first few key-shaped values in `text` (`sk_`, `pk_` or `whsec_` and 8 word characters, in
 * any spelling), decoded: a body's signing secret, to be redacted with its part after `whsec_`.
 * Only short ones, and only a few: a hostile body must not make a matcher of its own size.
 */
export function keyShapedIn(text: string): string[] {
  // Not inside a word (`task_…`), though a JSON escape (`\n`) or a percent-encoded byte may come
  // just before. A percent-encoded byte from 0x30 to 0x7f counts as a word character.
  keyShaped ??= new RegExp(
    `(?<![A-Za-z](?<!\\\\[a-z]|%[\\dA-Fa-f]{2}))(?:${['sk', 'pk', 'whsec'].map(spelled).join('|')})${spelled('_')}(?:\\w|%[3-7][\\dA-Fa-f]|\\\\u00[3-7][\\dA-Fa-f]){8,}`,
    'g',
  );
  const values = new Set<string>();
  // At most 6 characters spell one (`\u0041`): a longer one is not decoded at all.
  for (const [value] of text.matchAll(keyShaped))
    if (value.length <= 768 && values.size < 8)
      values.add(decodeKeyChars(value, /\\u([\da-f]{4})|%([\da-f]{2})/gi));
  return [...values];
}

/**
 * `text` with each of `known` (the secret key, the user token, the signing secrets), each
 * key-shaped value and each JSON field named like a secret replaced by `[redacted]`, in any
 * spelling. JSON `\u` escapes of the characters keys and tokens are made of are decoded first,
 * so that a field named `s\u0065cret` is caught; JSON text stays JSON, as those characters need
 * no escape.
 */
export function redactSecrets(text: string, known: readonly (string | undefined)[] = []): string {
  const plain = decodeKeyChars(text, /\\u([\da-f]{4})/gi);
  return redactKnown(plain, [...known, ...keyShapedIn(plain)])
    .replace(keyShaped as RegExp, '[redacted]')
    .replace(SECRET_FIELD, '$1"[redacted]"');
}
