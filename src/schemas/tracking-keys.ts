/**
 * The attribution (UTM) keys, in a module of their own: it imports nothing, so an entry that
 * needs only the keys (pix-payments/reports, for its CSV columns) loads no zod schema with them.
 */

/** The attribution (UTM) keys a charge may carry. */
export const TRACKING_PARAMETER_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
] as const;
