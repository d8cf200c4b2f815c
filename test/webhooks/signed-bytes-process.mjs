/**
 * createSignedWebhook's bytes as a plain script on the built package, so that a test runs it on
 * Node 20 and Node 24 (vitest itself needs Node 22+). Prints one JSON line of facts; the test
 * judges them. Its one argument is the event to sign, as JSON.
 */
import { constructWebhookEvent, createSignedWebhook } from '../../dist/webhooks.js';

const SECRET = `whsec_${'k'.repeat(32)}`;
const event = JSON.parse(process.argv[2]);
const verdict = (body, headers) =>
  constructWebhookEvent(body, headers, SECRET).then(
    () => 'accepted',
    (error) => error.name,
  );
const signed = await createSignedWebhook(event, SECRET);
const canonical = await createSignedWebhook(event, SECRET, { canonical: true });
const again = (body) => JSON.stringify(JSON.parse(body));
const facts = {
  node: process.version,
  body: signed.body,
  raw: await verdict(signed.body, signed.headers),
  reserialised: await verdict(again(signed.body), signed.headers),
  canonical: canonical.body,
  canonicalReserialised: await verdict(again(canonical.body), canonical.headers),
};
process.stdout.write(`${JSON.stringify(facts)}\n`);
