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
 *
 * Base64 and base64url are spellings too: Basic authentication and proxies write credentials in
 * them. A secret inside a longer base64 text starts 0, 1 or 2 bytes into a 3-byte group, so it
 * has three spellings there, each with characters at its ends shared with the bytes around it.
 * That covers `base64("Bearer " + secret)` (7 bytes in: 1 into a group) and Basic's
 * `base64("user:" + secret)` (any) without a rule of their own. Rather than a RegExp of each
 * spelling (about ten times slower on every text), each run of base64 characters is decoded as
 * if its first group began 0, 1, 2 or 3 characters before it (one of these is where it began),
 * and where a secret's bytes are in it, every character holding a bit of them goes; so does a
 * key-shaped value's, and that value is then a known secret of the text (its part after the
 * prefix, raw, too). A run's characters: letters, digits, `+` `/` or base64url's `-` `_`, and
 * `+` `/` as a URL or JSON spells them (`%2B`, `%2F`, `\/`, `\u002B`; `redactSecrets` decodes
 * a letter's `\u` escape first). Not covered: base64 wrapped across lines, and base64 of a
 * secret already spelt in another form.
 */

// A JSON field named like a secret (`"secret": "…"`).
const SECRET_FIELD = /("[^"\\]*secret[^"\\]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
// Made on first use, not at import: most processes never redact.
let keyShaped: RegExp | undefined;
// One matcher per list of known secrets: a list is the client's (or a receiver's) for its life.
const matchers = new Map<string, Matcher | undefined>();
// A secret's raw spellings and its parts as bytes, made once: the lists above share secrets.
const bySecret = new Map<string, { sources: string[]; bytes: string[] }>();
// A run of base64 or base64url characters, `+` and `/` also as a URL (`%2B`) or JSON (`\/`,
// `\u002B`) spells them. Each run is matched once, from its start: `{14,}` would try each
// character of a long word as one, and cost more than the rest of the redaction.
const BASE64_RUN = /(?:[\w+/-]+|%2[bf]|\\u002[bf]|\\\/)+/gi;
// `sk_`, `pk_` or `whsec_` in base64; made on first use.
let keyPrefixes: RegExp | undefined;
// The fewest characters of a run of base64 that holds `sk_` and 8 more (11 bytes).
const KEY_RUN = 14;

/** The raw spellings of a list of known secrets, and what to look for in runs of base64. */
interface Matcher {
  raw: RegExp;
  /** Each secret part of 6 bytes or more, as bytes (a binary string). */
  bytes: string[];
  /** Those bytes but the first and last in base64 and base64url, at each of the three places in
   * a group: a run holds one, or no part. */
  cores: string[];
  /** The fewest characters of a core. */
  min: number;
}

/** A run of base64 characters in a text. */
interface Run {
  text: string;
  index: number;
  /** Its bytes, as if its first group began 0, 1, 2 or 3 characters before it; made on first use. */
  bytes?: string[];
}

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
 * spelling, base64 too; nothing else. What `ResponseValidationError.body` keeps: the client's own
 * key and token out, a new subscription's signing secret readable.
 */
export function redactKnown(
  text: string,
  known: readonly (string | undefined)[],
  /** The runs of base64 of `KEY_RUN` characters or more in `text`, when already found. */
  runs?: Run[],
): string {
  const id = known.join('\n');
  if (!matchers.has(id)) {
    const secrets = known.flatMap((secret) => (secret ? [partsOf(secret)] : []));
    const sources = new Set(secrets.flatMap((secret) => secret.sources));
    const bytes = [...new Set(secrets.flatMap((secret) => secret.bytes))];
    const cores = bytes
      .flatMap((part) => base64Cores(part.slice(1, -1)))
      .flatMap((core) => [core, core.replace(/\+/g, '-').replace(/\//g, '_')]);
    // Bounded: a token function may return a new token on every call.
    if (matchers.size > 32) matchers.clear();
    matchers.set(
      id,
      sources.size === 0
        ? undefined
        : {
            raw: new RegExp([...sources].join('|'), 'g'),
            bytes,
            cores,
            min: Math.min(...cores.map((core) => core.length)),
          },
    );
  }
  const matcher = matchers.get(id);
  if (matcher === undefined) return text;
  const raw = text.replace(matcher.raw, '[redacted]');
  if (matcher.bytes.length === 0) return raw;
  return redactBase64(
    raw,
    matcher,
    raw === text && runs && matcher.min >= KEY_RUN ? runs : base64Runs(raw, matcher.min),
  );
}

/**
 * A secret's spellings: itself and what is secret on its own (the part after the prefix, a JWT's
 * signature), raw in any spelling; and those of 6 characters or more as bytes, for base64. A part
 * under 6 is left out unless it is the whole secret, and from base64 always: innocent base64 (an
 * image, a hash) holds the few characters of a few bytes by chance. From 6 on, the characters
 * looked for (those of all its bytes but its first and last) hold 32 bits or more.
 */
function partsOf(secret: string): { sources: string[]; bytes: string[] } {
  let parts = bySecret.get(secret);
  if (parts === undefined) {
    const all = [secret, secret.replace(/^(?:sk_live_prod_|sk_|whsec_)/, ''), secret.split('.')[2] ?? ''];
    const long = [...new Set(all)].filter((part) => part.length >= 6);
    parts = {
      sources: (secret.length < 6 ? [secret] : long).map(spelled),
      bytes: long.map((part) =>
        Array.from(new TextEncoder().encode(part), (b) => String.fromCharCode(b)).join(''),
      ),
    };
    if (bySecret.size > 64) bySecret.clear();
    bySecret.set(secret, parts);
  }
  return parts;
}

/** Each run of `min` base64 characters or more in `text`. */
function base64Runs(text: string, min: number): Run[] {
  const runs: Run[] = [];
  for (const { 0: run, index } of text.matchAll(BASE64_RUN))
    if (run.length >= min) runs.push({ text: run, index });
  return runs;
}

/** `run`'s characters, `-` `_` and the spellings of `+` `/` as `+` `/`. */
const charsOf = (run: Run) => run.text.replace(/%2b|\\u002b|-/gi, '+').replace(/%2f|\\u002f|\\\/|_/gi, '/');

/** `run`'s bytes (see `Run`). */
function bytesOf(run: Run): string[] {
  run.bytes ??= [0, 1, 2, 3].map((lead) => {
    const quanta = 'A'.repeat(lead) + charsOf(run);
    // atob decodes whole bytes only, and no lone last character.
    return atob(quanta.length % 4 === 1 ? quanta.slice(0, -1) : quanta);
  });
  return run.bytes;
}

/**
 * `text` with every base64 character of `runs` that holds a bit of a part of `matcher`'s secrets
 * replaced by `[redacted]`. The bytes of a part but its first and last are looked for, as a run
 * may begin or end inside them; where the run holds the first or last, it must be the part's own.
 */
function redactBase64(text: string, matcher: Matcher, runs: Run[]): string {
  const ranges: [number, number][] = [];
  for (const run of runs) {
    // Decoded only where it may hold a part: a body of many runs must not cost a decoding each.
    // A run with a URL's or JSON's `+` or `/` goes whole where it holds one.
    const spelt = run.text.includes('%') || run.text.includes('\\');
    const chars = spelt ? charsOf(run) : run.text;
    if (!matcher.cores.some((core) => chars.includes(core))) continue;
    bytesOf(run).forEach((bytes, lead) => {
      // The first character that holds a bit of `byte`, and the one after the last, in the run.
      const first = (byte: number) => Math.floor((byte * 8) / 6) - lead;
      const end = (byte: number) => Math.floor((byte * 8 + 7) / 6) + 1 - lead;
      for (const part of matcher.bytes) {
        const inner = part.slice(1, -1);
        for (let i = bytes.indexOf(inner); i !== -1; i = bytes.indexOf(inner, i + 1)) {
          const [before, after] = [i - 1, i + inner.length];
          const hasBefore = before >= 0 && first(before) >= 0;
          const hasAfter = after < bytes.length;
          if (
            (hasBefore && bytes[before] !== part[0]) ||
            (hasAfter && bytes[after] !== part[part.length - 1])
          )
            continue;
          const [from, to] = spelt
            ? [0, run.text.length]
            : [hasBefore ? first(before) : 0, hasAfter ? end(after) : chars.length];
          ranges.push([run.index + from, run.index + to]);
        }
      }
    });
  }
  if (ranges.length === 0) return text;
  let out = '';
  let done = 0;
  for (const [from, to] of ranges.sort((a, b) => a[0] - b[0])) {
    if (from >= done) out += `${text.slice(done, from)}[redacted]`;
    done = Math.max(done, to);
  }
  return out + text.slice(done);
}

/**
 * The characters of base64 that hold `bytes` (a binary string) alone, at each of the three places
 * in a group it may begin: `btoa('\0sk_')` is `AHNrXw==`, of which `NrX` holds `sk_` alone.
 */
function base64Cores(bytes: string): string[] {
  return [0, 1, 2].map((lead) =>
    btoa('\0'.repeat(lead) + bytes).slice(
      Math.ceil((lead * 8) / 6),
      Math.floor(((lead + bytes.length) * 8) / 6),
    ),
  );
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
 * any spelling or in base64), decoded: a body's signing secret, to be redacted with its part after
 * `whsec_`. Only short ones, and only a few: a hostile body must not make a matcher of its own size.
 */
export function keyShapedIn(text: string, runs = base64Runs(text, KEY_RUN)): string[] {
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
  // In base64, only the first few runs that hold a prefix are decoded (no spelling of `+` or `/`
  // is in one); a value even after a letter, as the byte before may be of a word the run was
  // glued to.
  keyPrefixes ??= new RegExp(['sk_', 'pk_', 'whsec_'].flatMap(base64Cores).join('|'));
  for (const run of runs.filter((run) => (keyPrefixes as RegExp).test(run.text)).slice(0, 32))
    for (const bytes of bytesOf(run))
      for (const [value] of bytes.matchAll(/(?:sk|pk|whsec)_\w{8,256}/g))
        if (values.size < 8) values.add(value);
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
  // Found and decoded once, for key-shaped values and for known secrets.
  const runs = base64Runs(plain, KEY_RUN);
  return redactKnown(plain, [...known, ...keyShapedIn(plain, runs)], runs)
    .replace(keyShaped as RegExp, '[redacted]')
    .replace(SECRET_FIELD, '$1"[redacted]"');
}
