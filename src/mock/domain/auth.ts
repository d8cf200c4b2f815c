/**
 * Credentials: secret keys on /v1/integrations/*, user JWTs (HS256, signed and verified with
 * `jose`) on /v1/user/webhooks*. Each credential belongs to one merchant. Every 401 names the
 * credential its route expects, and the one that was sent when it is the other kind.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { MockMerchant, ResolvedOptions } from '../options.js';
import type { MockClock } from './clock.js';
import { ServiceError } from './service-error.js';

/** What each family of routes expects, as the end of its 401s. */
const SECRET_KEY_EXPECTED =
  'the /v1/integrations/* routes expect the secret key (Authorization: Bearer sk_live_prod_…)';
const USER_TOKEN_EXPECTED =
  "the /v1/user/webhooks* routes expect a user JWT (Authorization: Bearer eyJ…), the panel's user token";

/** A 401: what was wrong, then what the route expects. */
const unauthenticated = (wrong: string, expected: string) =>
  new ServiceError('UNAUTHENTICATED', `${wrong}; ${expected}`);

/** A JWT's shape: three base64url parts, the first a JSON header (`{"…`). */
const JWT = /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/;

function bearer(request: Request, expected: string): string {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match === null) throw unauthenticated('Missing Authorization: Bearer credential', expected);
  return match[1] as string;
}

/** Who is calling: the merchant behind a secret key or a user JWT, checked at the mock's time. */
export class Credentials {
  readonly #key: Uint8Array;

  constructor(
    private readonly options: ResolvedOptions,
    private readonly clock: MockClock,
  ) {
    this.#key = new TextEncoder().encode(options.jwtSecret);
  }

  /** The merchant of a secret key; a public key is a 403, anything else (a user JWT too) a 401. */
  merchantForSecretKey(request: Request): MockMerchant {
    const token = bearer(request, SECRET_KEY_EXPECTED);
    const merchant = this.options.merchants.find((m) => m.secretKey === token);
    if (merchant !== undefined) return merchant;
    if (this.options.merchants.some((m) => m.publicKey === token)) {
      throw new ServiceError(
        'FORBIDDEN',
        'A public key cannot call the API: use the secret key, from a backend',
      );
    }
    if (JWT.test(token))
      throw unauthenticated(
        'A user token (JWT) was sent, which is for /v1/user/webhooks*',
        SECRET_KEY_EXPECTED,
      );
    throw unauthenticated('Unknown secret key', SECRET_KEY_EXPECTED);
  }

  /** The merchant of a user JWT; a key, an expired, badly signed or unknown token is a 401. */
  async merchantForUserToken(request: Request): Promise<MockMerchant> {
    const token = bearer(request, USER_TOKEN_EXPECTED);
    const key = /^([sp])k_/.exec(token)?.[1];
    if (key !== undefined)
      throw unauthenticated(
        `A ${key === 's' ? 'secret' : 'public'} key was sent, which is for /v1/integrations/*`,
        USER_TOKEN_EXPECTED,
      );
    let subject: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      subject = payload.sub;
    } catch {
      throw unauthenticated('Invalid or expired user token', USER_TOKEN_EXPECTED);
    }
    const merchant = this.options.merchants.find((m) => m.id === subject);
    if (merchant === undefined)
      throw unauthenticated('Unknown user (no merchant of this service)', USER_TOKEN_EXPECTED);
    return merchant;
  }

  /** Mints a user JWT for a merchant. */
  issueUserToken(merchantId: string, ttlSeconds = this.options.userTokenTtlSeconds): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(merchantId)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#key);
  }
}
