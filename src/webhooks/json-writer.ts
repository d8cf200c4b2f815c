/**
 * JSON bytes as other servers write them. The signature covers the exact bytes, so a receiver that
 * parses and re-serialises a body before verifying it fails in production, where the service's
 * writer is not `JSON.stringify`. `createSignedWebhook` and the mock sign such bytes by default,
 * so that receiver fails its tests too; `JSON.parse` still reads back the value written.
 */

/** What PHP's `json_encode` escapes: `/` as `\/`, every character outside ASCII as `\u00e9`. */
export const PHP_ESCAPES = /[/\u0080-\uffff]/g;

/**
 * `json` with each character `escapes` matches written as an escape (`\/`, `\u00e9`). Safe on a
 * whole JSON text for `/`, `<`, `>`, `&` and non-ASCII: these only occur inside its strings.
 */
export function escapeJson(json: string, escapes: RegExp): string {
  return json.replace(escapes, (c) =>
    c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `value` as PHP writes it with `echo json_encode($value), PHP_EOL;`: no `JSON.stringify` output
 * ever ends with a newline.
 * @throws TypeError where `JSON.stringify` throws (a BigInt, a cycle).
 */
export function writePhpJson(value: unknown): string {
  return `${escapeJson(JSON.stringify(value), PHP_ESCAPES)}\n`;
}
