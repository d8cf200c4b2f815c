import { readAtMost, refuseDeclaredLength } from './body.js';
import {
  receiveWebhook,
  reportReceiverError,
  resolveHandlerOptions,
  type WebhookAnswer,
  type WebhookHandlerOptions,
} from './receive.js';

function toResponse(answer: WebhookAnswer): Response {
  const headers = { 'content-type': 'application/json', ...answer.headers };
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

/**
 * A webhook receiver for the Fetch API: Hono, Next.js route handlers, Bun, Deno and Cloudflare
 * Workers. It reads the raw body itself, verifies, parses, de-duplicates, calls `onEvent` once
 * per event and answers: 200 for a verified event (also a duplicate, not handled again), 409
 * with `Retry-After` while another attempt is handling the same event, 400 for a bad signature
 * or body, 405 for anything but POST, 413 for a body over `maxBodyBytes` (1 MiB; refused on its
 * declared length, or cut as soon as it passes), 500 if `onEvent` throws.
 *
 * @example
 * // app/api/pix-webhook/route.ts (Next.js)
 * export const POST = createWebhookHandler({
 *   secret: process.env.PIX_WEBHOOK_SECRET!,
 *   onEvent: async (event) => { await db.webhookEvents.insert(event); },
 * });
 */
export function createWebhookHandler(
  options: WebhookHandlerOptions,
): (request: Request) => Promise<Response> {
  const resolved = resolveHandlerOptions(options, 'createWebhookHandler');
  return async (request) => {
    try {
      const body = async () => {
        refuseDeclaredLength(request.headers, resolved.maxBodyBytes, () =>
          request.body?.cancel().catch(() => {}),
        );
        return request.body === null
          ? new Uint8Array()
          : readAtMost(request.body as unknown as AsyncIterable<Uint8Array>, resolved.maxBodyBytes);
      };
      return toResponse(await receiveWebhook(request.method, request.headers, body, resolved));
    } catch (error) {
      // receiveWebhook answers every delivery; this is a last resort, reported once.
      reportReceiverError(resolved, error);
      return toResponse({ status: 500, body: { received: false, error: 'receiver error' } });
    }
  };
}
