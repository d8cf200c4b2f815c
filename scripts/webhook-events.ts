/**
 * The table of events in docs/webhooks.md, generated from the table of events
 * (`src/schemas/event-names.ts`) so it cannot drift: `npm run docs:events` rewrites the text between
 * the markers `<!-- webhook-events:start -->` and `<!-- webhook-events:end -->` and nothing else;
 * a test fails until it matches.
 */
import { WEBHOOK_EVENTS, type WebhookEventContract } from '../src/schemas/event-names.js';
import { asSection, type GeneratedSection, sectionIn, writeWhenRun } from './generated-section.js';

const SECTION: GeneratedSection = {
  doc: 'docs/webhooks.md',
  start: '<!-- webhook-events:start -->',
  end: '<!-- webhook-events:end -->',
  script: 'docs:events',
};
export const EVENTS_DOC = SECTION.doc;

const INTRO =
  '<!-- Generated from src/schemas/event-names.ts by `npm run docs:events`: edit it, not this section. -->';

const RECORD: Record<WebhookEventContract['record'], string> = { CASHIN: 'charge', CASHOUT: 'payout' };

/** The ping, which is no event of a record (`client.webhooks.revalidate`). */
const PING_ROW =
  '| `webhook.revalidate` | `client.webhooks.revalidate(id)` pings the subscription (not subscribable) | the subscription | (`data` is `{ webhookId }`) |';

/** The generated section, markers included, formatted as the lint wants. */
export function webhookEventsSection(): string {
  const named = new Set<string>();
  const rows = Object.entries(WEBHOOK_EVENTS).map(([name, event]) => {
    // The record's type is spelled out on the first row about it.
    const record = named.has(event.record)
      ? RECORD[event.record]
      : `${RECORD[event.record]} (\`${event.record}\`)`;
    named.add(event.record);
    const status = event.status === undefined ? "the record's, unchanged" : `\`${event.status}\``;
    return `| \`${name}\` | ${event.sentWhen} | ${record} | ${status} |`;
  });
  const header = ['| event | sent when | record | `data.status` |', '| --- | --- | --- | --- |'];
  return asSection(SECTION, `${INTRO}\n\n${[...header, ...rows, PING_ROW].join('\n')}\n`);
}

/** The section between the markers of `markdown`, markers included, or `undefined`. */
export const currentSection = (markdown: string): string | undefined => sectionIn(markdown, SECTION);

writeWhenRun(import.meta.url, SECTION, webhookEventsSection);
