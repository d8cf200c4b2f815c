/**
 * Credentials: secret keys on /v1/integrations/*, user JWTs (HS256, signed and verified with
 * `jose`) on /v1/user/webhooks*. Each credential belongs to one merchant.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { MockMerchant, ResolvedOptions } from '../options.js';
import type { MockClock } from './clock.js';
import { ServiceError } from './service-error.js';

const unauthenticated = (message: string) => new ServiceError('UNAUTHENTICATED', message);

function bearer(request: Request): string {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match === null) throw unauthenticated('Missing Authorization: Bearer credential');
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

  /** The merchant of a secret key; a public key is a 403, anything else a 401. */
  merchantForSecretKey(request: Request): MockMerchant {
    const token = bearer(request);
    const merchant = this.options.merchants.find((m) => m.secretKey === token);
    if (merchant !== undefined) return merchant;
    if (this.options.merchants.some((m) => m.publicKey === token)) {
      throw new ServiceError(
        'FORBIDDEN',
        'A public key cannot call the API: use the secret key, from a backend',
      );
    }
    throw unauthenticated('Unknown secret key');
  }

  /** The merchant of a user JWT; expired, badly signed or unknown tokens are a 401. */
  async merchantForUserToken(request: Request): Promise<MockMerchant> {
    const token = bearer(request);
    let subject: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      subject = payload.sub;
    } catch {
      throw unauthenticated('Invalid or expired user token');
    }
    const merchant = this.options.merchants.find((m) => m.id === subject);
    if (merchant === undefined) throw unauthenticated('Unknown user');
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
