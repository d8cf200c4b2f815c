/** Telling "the same request again" from "the same key with another request", for idempotency. */

/** A stable text of a request body without its idempotency key: equal for the same request. */
export function fingerprint(body: object, keyField: string): string {
  const entries = Object.entries(body)
    .filter(([name, value]) => name !== keyField && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}
