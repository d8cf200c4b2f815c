/**
 * English messages for the issues our schemas raise, in one house style: the rule, with what the
 * field takes and what was given (`must be a UUID, such as "…"; got the string "order-1001"`), bounds
 * too (`must be at least 0.01 (a number in reais, such as 19.9); got 0`): never zod's own wording.
 * Written here rather than imported from `zod/locales` because the main entry has a size budget.
 * Passed per parse call: zod's global configuration belongs to the merchant's app.
 */
import type * as z from 'zod/mini';
import { kindOf } from './checks.js';
import { redactSecrets } from './redact.js';

/** What a UUID field takes: the example is a real version-4 UUID. */
export const A_UUID = 'a UUID, such as "0b8f7e36-3e59-4d44-9f0c-6a3f1f0c2b11"';

/** What a calendar-date field takes. */
export const A_DATE = 'a calendar date, such as "2026-11-01"';

/** A field's name in any case or form: `per_page`, `perPage` and `PER-PAGE` fold to one. */
export function fold(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

/** What a field takes, with an example, by its folded name (TypeScript and wire names alike). */
const EXPECTED: Record<string, string> = {
  amount: 'a number in reais, such as 19.9',
  pixkey: 'the PIX key as text, such as "ana@example.com"',
  idempotencykey: A_UUID,
  referenceid: A_UUID,
  transactionid: A_UUID,
  datefrom: A_DATE,
  dateto: A_DATE,
  page: 'a whole number from 1, such as 2',
  perpage: 'a whole number from 1 to 100, such as 50',
  url: 'an http(s) URL, such as "https://shop.example/pix"',
  events: 'a list of event names, such as ["transaction.completed"]',
  trackingparameters: 'an object of UTM strings, such as { utm_source: "google" }',
};

/**
 * What was given, in words: `the string "19.90"` (keys redacted), `Infinity`, `null`, `an array`,
 * `object`. A long string is cut at 40 characters, before a word that would be cut: a secret's
 * first part cannot be known to be one, so it is not shown.
 */
function given(input: unknown): string {
  if (typeof input !== 'string') return kindOf(input);
  const shown = input.length > 40 ? `${input.slice(0, 41).replace(/\S+$/, '').trimEnd()}…` : input;
  return `the string ${redactSecrets(JSON.stringify(shown))}`;
}

/** The house style: `must be <what the field takes>; got <what was given>`. */
export function mustBe(what: string, input: unknown): string {
  return `must be ${what}; got ${given(input)}`;
}

/** A check's error option in the house style, for a rule zod cannot name (a pattern). */
export function takes(what: string) {
  return { error: (issue: { input?: unknown }) => mustBe(what, issue.input) };
}

/**
 * The message of one issue. For unknown fields, one line per key (`parse.ts` splits them), each
 * naming the known field it stands for when both fold to one name (`tracking_parameters`).
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  const field = issue.path?.at(-1);
  const got = `; got ${given(issue.input)}`;
  let what = typeof field === 'string' ? EXPECTED[fold(field)] : undefined;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = Object.keys((issue.inst as { shape?: object } | undefined)?.shape ?? {});
      return issue.keys
        .map((key) => {
          const match = known.find((name) => fold(name) === fold(key));
          return `is not a known field${match === undefined ? '' : `; did you mean \`${match}\`?`}`;
        })
        .join('\n');
    }
    case 'too_small':
    case 'too_big': {
      // `must be at least 0.01 (a number in reais, such as 19.9); got 0`, `must have at most 2048 characters; …`.
      const small = issue.code === 'too_small';
      const limit = small ? issue.minimum : issue.maximum;
      const bound = issue.inclusive ? (small ? 'at least' : 'at most') : small ? 'more than' : 'less than';
      const unit = { string: 'character', array: 'item' }[issue.origin as string];
      const rule = unit ? `have ${bound} ${limit} ${unit}${limit === 1 ? '' : 's'}` : `be ${bound} ${limit}`;
      return `must ${rule}${what === undefined ? '' : ` (${what})`}${got}`;
    }
    case 'invalid_type':
      // `a string`, `an int`; `got NaN` or `got Infinity` says why a number is not one to zod.
      what ??= `${/^[aeio]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
      break;
    case 'invalid_value':
      what ??= `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    case 'invalid_format':
      what ??= `a valid ${issue.format}`;
      break;
    default:
      return `is not valid here${got}`;
  }
  return `must be ${what}${got}`;
}
