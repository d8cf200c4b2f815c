/** Attribution (UTM) data as records and webhooks return it. */
import * as z from 'zod/mini';

/** The attribution (UTM) keys a charge may carry. */
export const TRACKING_PARAMETER_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
] as const;

const utm = z.optional(z.nullable(z.string()));
/** Attribution data as records and webhooks return it (extra keys kept at run time). */
export const TrackingParameters = z.object({
  /** UTM source. */
  utm_source: utm,
  /** UTM medium. */
  utm_medium: utm,
  /** UTM campaign. */
  utm_campaign: utm,
  /** UTM content. */
  utm_content: utm,
  /** UTM term. */
  utm_term: utm,
});
/** Attribution data on a record. */
export type TrackingParameters = z.infer<typeof TrackingParameters>;
