/**
 * `GET /__mock/state/copy`: a consistent copy of the kept database (../state/state-copy.ts),
 * streamed as `application/vnd.sqlite3`. While the server runs it holds the file in exclusive
 * mode, so this is the way to read its state with `sqlite3` or to back it up. The request names
 * no path: the copy is written where the server chooses, and only streamed. Behind the server's
 * browser guard as every `/__mock/` route, and, since it holds every key and webhook secret of the
 * sandbox, only for `Authorization: Bearer <the sandbox's secret key>` on every bind.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpHandler } from 'msw';
import type { MockContext } from '../../mock/context.js';
import { newRequestId } from '../../mock/domain/ids.js';
import { ServiceError } from '../../mock/domain/service-error.js';
import { assertDeclaredSize } from '../../mock/http/request-body.js';
import { errorAnswer, toResponse } from '../../mock/http/respond.js';
import type { KeptState } from '../state/kept-state.js';

/** The path of the copy. */
export const STATE_COPY_PATH = '/__mock/state/copy';

/** The media type of a SQLite database (IANA). */
export const SQLITE_MEDIA_TYPE = 'application/vnd.sqlite3';

const NO_STATE = new ServiceError(
  'NOT_FOUND',
  'This server keeps its state in memory only (it was started without --state): there is no database to copy; GET /__mock/state reads the state as JSON',
);

/** The 401s of the copy: what was wrong, then how to send the key. */
const SEND_THE_KEY =
  "the copy holds every key and webhook secret of the sandbox: send Authorization: Bearer <its secret key> (the banner's Secret key; pix-payments-mock copy-state --secret-key KEY, or PIX_PAYMENTS_SECRET_KEY)";

/** The same SHA-256 for the same text: a comparison whose time does not depend on where they differ. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Refuses (401) a request without the secret key of the sandbox's default merchant. */
function assertSandboxKey(request: Request, ctx: MockContext): void {
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (given === undefined)
    throw new ServiceError('UNAUTHENTICATED', `Missing Authorization: Bearer credential; ${SEND_THE_KEY}`);
  const key = ctx.options.merchants[0]?.secretKey;
  if (key === undefined || !timingSafeEqual(digest(given), digest(key)))
    throw new ServiceError('UNAUTHENTICATED', `Not the secret key of this sandbox; ${SEND_THE_KEY}`);
}

/** The handler of {@link STATE_COPY_PATH} on the server at `origin`; `kept` undefined: no state file. */
export function stateCopyHandler(ctx: MockContext, origin: string, kept: KeptState | undefined): HttpHandler {
  // Known to the route table: another method is a 405 with Allow, OPTIONS a 204.
  ctx.routes.add('get', `${origin}${STATE_COPY_PATH}`);
  return new HttpHandler(
    /^(GET|HEAD)$/i,
    ({ request }) => new URL(request.url).pathname === STATE_COPY_PATH,
    async ({ request }) => {
      const requestId = newRequestId();
      try {
        assertDeclaredSize(request.headers);
        assertSandboxKey(request, ctx);
        if (kept === undefined) throw NO_STATE;
        const headers = {
          'content-type': SQLITE_MEDIA_TYPE,
          'content-disposition': 'attachment; filename="pix-sandbox-copy.sqlite"',
          // It holds the sandbox's keys, as the file does: never kept by a cache.
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'x-request-id': requestId,
        };
        // HEAD says what GET would send, without making a copy.
        if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: 200, headers });
        const copy = await kept.copy();
        return new Response(copy.body, {
          status: 200,
          headers: { ...headers, 'content-length': String(copy.bytes) },
        });
      } catch (error) {
        const answer = errorAnswer(error);
        if (answer.status === 401) answer.headers = { 'www-authenticate': 'Bearer' };
        const response = toResponse(answer, requestId);
        return request.method.toUpperCase() === 'HEAD'
          ? new Response(null, { status: response.status, headers: response.headers })
          : response;
      }
    },
  );
}
