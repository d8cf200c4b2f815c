/** Signing secrets: one, or several while a secret is being rotated. */

/** A signing secret, or a list of them during rotation (any one may match). */
export type WebhookSecret = string | readonly string[];

/** The secrets as a non-empty list; an empty secret or list is a programming error. */
export function secretList(secret: WebhookSecret): readonly string[] {
  // The common case, one non-empty secret, without checking a list.
  if (typeof secret === 'string' && secret !== '') return [secret];
  const list = typeof secret === 'string' ? [secret] : secret;
  if (!Array.isArray(list) || list.length === 0) {
    throw new TypeError('Webhook secret must be a non-empty string or a non-empty list of strings');
  }
  for (const item of list) {
    if (typeof item !== 'string' || item.length === 0) {
      throw new TypeError('Webhook secret must be a non-empty string (got an empty one)');
    }
  }
  return list;
}
