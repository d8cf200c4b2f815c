/** Attribution (UTM) data as records and webhooks return it. */
import * as z from 'zod/mini';

export { TRACKING_PARAMETER_KEYS } from './tracking-keys.js';

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
