/** --forward-to's subscription, in process: one per URL, kept across starts, refusals said. */
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/mock-entry.js';
import { FORWARD_DESCRIPTION, forwardEvents } from '../../src/sandbox/cli/cli-forward.js';
import { WEBHOOK_EVENT_NAMES } from '../../src/schemas/event-names.js';

const URL_ = 'http://127.0.0.1:9/webhooks';

describe('forwardEvents', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('subscribes the URL to every event and answers its signing secret', async () => {
    server = await startMockServer();
    const secret = await forwardEvents(server, URL_);
    expect(server.service.state.subscriptions()).toEqual([
      expect.objectContaining({
        url: URL_,
        events: [...WEBHOOK_EVENT_NAMES],
        status: 'ACTIVE',
        description: FORWARD_DESCRIPTION,
        secret,
      }),
    ]);
  });

  it('reuses a subscription to the same URL (kept state), set ACTIVE on every event again', async () => {
    server = await startMockServer();
    const first = await forwardEvents(server, URL_);
    const [subscription] = server.service.state.subscriptions();
    const token = await server.service.issueUserToken();
    const narrowed = await fetch(`${server.url}/v1/user/webhooks/${subscription?.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: ['transaction.completed'], status: 'INACTIVE' }),
    });
    expect(narrowed.status).toBe(200);
    expect(await forwardEvents(server, URL_)).toBe(first);
    expect(server.service.state.subscriptions()).toEqual([
      expect.objectContaining({ id: subscription?.id, events: [...WEBHOOK_EVENT_NAMES], status: 'ACTIVE' }),
    ]);
  });

  it('says so when the service refuses the subscription', async () => {
    server = await startMockServer();
    server.service.faults.inject({ route: 'create-webhook', kind: 'status', status: 503, times: 1 });
    await expect(forwardEvents(server, URL_)).rejects.toThrow(
      /^--forward-to: the mock refused the subscription \(503\)/,
    );
    expect(server.service.state.subscriptions()).toEqual([]);
  });
});
