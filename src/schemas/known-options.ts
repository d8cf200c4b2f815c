/**
 * Options objects checked for names they do not take: JavaScript has no compiler to catch
 * `{ timout: 5000 }`, which would otherwise be ignored. The first unknown name is refused with the
 * known one it stands for: the nearest by edits (Levenshtein distance, folding case, `_` and
 * `-`), at most a third of its length away, rounded up; else with the names the object takes. Per-call options are not checked.
 */
import { fold } from './messages.js';
import { redactSecrets } from './redact.js';

/** The names an options type takes, as an object's keys: `satisfies` keeps them complete. */
export type OptionNames<T> = Record<keyof T, 0>;

/**
 * The known name `name` most likely stands for, if any is near enough: one containing it or
 * contained counts as two edits, so a name of four characters or more can stand for a longer one.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const given = fold(name);
  let best: string | undefined;
  let least = given.length / 3 + 1;
  for (const candidate of known) {
    const other = fold(candidate);
    // row[j]: the edits that turn the part of `given` read so far into `other`'s first j characters.
    const row = [...Array(other.length + 1).keys()];
    for (const char of given) {
      let diagonal = row[0] as number;
      row[0] = diagonal + 1;
      for (let j = 1; j <= other.length; j++) {
        const above = row[j] as number;
        row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + +(char !== other[j - 1]));
        diagonal = above;
      }
    }
    const edits = other.includes(given) || given.includes(other) ? 2 : (row[other.length] as number);
    if (edits < least) [best, least] = [candidate, edits];
  }
  return best;
}

/**
 * `options` itself; throws `refuse(message)` for the first own key that `known` lacks:
 * `Unknown option timout of PaymentsClient; did you mean timeout?`, or the names it takes.
 */
export function refuseUnknownOptions<T extends object>(
  options: T,
  known: object,
  owner: string,
  refuse: (message: string) => Error = (message) => new TypeError(message),
): T {
  const names = Object.keys(known);
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(known, key)) continue;
    const near = nearestName(key, names);
    // A key is the caller's text: redacted, in case a secret was passed as a name.
    throw refuse(
      `Unknown option ${redactSecrets(key)} of ${owner}; ${near ? `did you mean ${near}?` : `it takes ${names.join(', ')}`}`,
    );
  }
  return options;
}
