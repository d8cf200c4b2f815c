/**
 * The bytes of the mock's webhook bodies. A real service signs whatever its JSON writer wrote, and
 * no writer outside JavaScript writes what `JSON.stringify` does; a receiver that verifies a body
 * it parsed and wrote again must fail against the mock as it would in production. So the mock
 * never signs compact `JSON.stringify` output: by default it writes as PHP's `json_encode` does
 * (`\/`, `\u00e9`) followed by a newline; with `answers: 'varied'` each body is written by one of
 * the writers below, drawn from the seed. Every writer keeps a trait no parse and stringify gives
 * back (a trailing newline, spaced separators, `" : "`), so every delivery shows it.
 */
import { escapeJson, PHP_ESCAPES } from '../../webhooks/json-writer.js';
import type { ResolvedOptions } from '../options.js';
import { answerRandom, type SeededRandom } from '../varied/seeded-random.js';

/** How one writer lays out JSON; every trait unset is `JSON.stringify`'s compact output. */
interface JsonStyle {
  /** The characters written as escapes (`\/`, `\u00e9`, `\u003c`). */
  escapes?: RegExp;
  /** Between a member's name and its value. @default ':' */
  colon?: string;
  /** Between members, on one line. @default ',' */
  comma?: string;
  /** One member a line, indented by this many spaces (pretty printers). */
  indent?: number;
  /** Money (`amount`) with two decimals, `19.90` (a decimal type that keeps its scale). */
  decimals?: boolean;
  /** A newline after the text. */
  newline?: boolean;
}

/** The writers of varied mode, by the stack that writes that way; `php` is the default. */
export const WEBHOOK_BODY_STYLES = {
  /** `echo json_encode($event), PHP_EOL;` */
  php: { escapes: PHP_ESCAPES, newline: true },
  /** `json.dumps(event)`: ASCII only, spaced separators. */
  python: { escapes: /[\u0080-\uffff]/g, colon: ': ', comma: ', ' },
  /** `json.NewEncoder(w).Encode(event)`: `<`, `>` and `&` escaped, a newline after. */
  go: { escapes: /[<>&]/g, newline: true },
  /** Jackson's default pretty printer (`" : "`), money a `BigDecimal` that keeps its two decimals. */
  java: { indent: 2, colon: ' : ', decimals: true },
  /** `JSON.pretty_generate(event)`, then a newline. */
  ruby: { indent: 2, colon: ': ', newline: true },
} satisfies Record<string, JsonStyle>;

/** The name of one of {@link WEBHOOK_BODY_STYLES}. */
export type WebhookBodyStyle = keyof typeof WEBHOOK_BODY_STYLES;

/** `value`, JSON data, laid out in `style` (escapes and the newline come after). */
function layOut(value: unknown, style: JsonStyle, depth: number, key?: string): string {
  if (typeof value === 'number' && style.decimals && key === 'amount' && Number(value.toFixed(2)) === value)
    return value.toFixed(2);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const list = Array.isArray(value);
  const colon = style.colon ?? ':';
  const members = list
    ? value.map((item) => layOut(item, style, depth + 1))
    : Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}${colon}${layOut(v, style, depth + 1, k)}`);
  const [open, close] = list ? '[]' : '{}';
  if (members.length === 0) return `${open}${close}`;
  if (!style.indent) return `${open}${members.join(style.comma ?? ',')}${close}`;
  const pad = (d: number) => `\n${' '.repeat((style.indent ?? 0) * d)}`;
  return `${open}${pad(depth + 1)}${members.join(`,${pad(depth + 1)}`)}${pad(depth)}${close}`;
}

/** `value`, JSON data (no `toJSON`, no `undefined`), as `style` writes it. */
export function writeWebhookBody(value: object, style: JsonStyle): string {
  const text = layOut(value, style, 0);
  return (style.escapes ? escapeJson(text, style.escapes) : text) + (style.newline ? '\n' : '');
}

const STYLES: readonly JsonStyle[] = Object.values(WEBHOOK_BODY_STYLES);

/** A stream of draws no answer uses (answers count their streams up from 0). */
const BODY_STREAM = 0xffff_ffff;

/** Writes the bodies of one mock service, in the order its deliveries are made. */
export class WebhookBodyWriter {
  #random: SeededRandom | undefined;

  constructor(private readonly options: Pick<ResolvedOptions, 'answers' | 'seed'>) {
    this.reset();
  }

  /** The body of one delivery: PHP's bytes, or with varied answers the next writer the seed draws. */
  write(event: object): string {
    return writeWebhookBody(event, this.#random ? this.#random.pick(STYLES) : WEBHOOK_BODY_STYLES.php);
  }

  /** Starts the seed's sequence of writers again. */
  reset(): void {
    const { answers, seed } = this.options;
    this.#random = answers === 'varied' ? answerRandom(seed, BODY_STREAM) : undefined;
  }
}
