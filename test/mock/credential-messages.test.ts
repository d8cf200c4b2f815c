/**
 * The mock's 401s name the credential the route expects, and the one that was sent when it is
 * the other kind: a user JWT on /v1/integrations/*, a key on /v1/user/webhooks*.
 */
import { describe, expect, it } from 'vitest';
import { caller, useMock } from './harness.js';

const { mock } = useMock();
const SECRET_KEY =
  /the \/v1\/integrations\/\* routes expect the secret key \(Authorization: Bearer sk_live_prod_…\)/;
const USER_JWT = /the \/v1\/user\/webhooks\* routes expect a user JWT \(Authorization: Bearer eyJ…\)/;

async function refusal(path: string, credential?: string): Promise<string> {
  const reply = await caller(mock.baseUrl, credential)('GET', path);
  expect([reply.status, reply.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  return reply.body.message;
}

describe('a 401 on /v1/integrations/* names the secret key', () => {
  it('for a user JWT, saying it is one and where it goes', async () => {
    const token = await mock.issueUserToken();
    const message = await refusal('/v1/integrations/balance', token);
    expect(message).toMatch(/^A user token \(JWT\) was sent, which is for \/v1\/user\/webhooks\*/);
    expect(message).toMatch(SECRET_KEY);
    expect(message).not.toContain(token);
  });

  it.each([
    ['no credential', undefined, /^Missing Authorization: Bearer credential/],
    ['an unknown key', `sk_live_prod_${'u'.repeat(32)}`, /^Unknown secret key/],
  ])('for %s', async (_, credential, start) => {
    const message = await refusal('/v1/integrations/balance', credential);
    expect(message).toMatch(start);
    expect(message).toMatch(SECRET_KEY);
  });
});

describe('a 401 on /v1/user/webhooks* names the user JWT', () => {
  it('for the secret key or a public key, saying which was sent and where it goes', async () => {
    for (const [key, kind] of [
      [mock.secretKey, 'secret'],
      [mock.publicKey, 'public'],
    ] as const) {
      const message = await refusal('/v1/user/webhooks', key);
      expect(message).toMatch(new RegExp(`^A ${kind} key was sent, which is for /v1/integrations/\\*`));
      expect(message).toMatch(USER_JWT);
      expect(message).not.toContain(key);
    }
  });

  it('for no credential and for an expired token', async () => {
    const expired = await mock.issueUserToken(undefined, -10);
    expect(await refusal('/v1/user/webhooks')).toMatch(USER_JWT);
    const message = await refusal('/v1/user/webhooks', expired);
    expect(message).toMatch(/^Invalid or expired user token/);
    expect(message).toMatch(USER_JWT);
  });
});
