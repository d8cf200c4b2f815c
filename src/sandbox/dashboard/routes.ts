/**
 * The dashboard's requests: pages (GET, HEAD), the state's version for live updates, and actions
 * (POST with the token, then 303 back to the page). One msw handler, placed by `startMockServer`
 * before the service's own, answering `/` and `/dashboard/…` only; the service's paths never
 * reach it.
 */
import { HttpHandler } from 'msw';
import type { MockContext } from '../../mock/context.js';
import { newRequestId } from '../../mock/domain/ids.js';
import { ServiceError } from '../../mock/domain/service-error.js';
import { readForm } from '../../mock/http/request-body.js';
import { runAction } from './actions.js';
import { newToken, TOKEN_FIELD, TOKEN_HEADER, tokenMatches } from './guard.js';
import { layout } from './layout.js';
import { Notices } from './notices.js';
import { faultsPage } from './pages/faults.js';
import { payoutsPage, transactionsPage } from './pages/lists.js';
import { overviewPage } from './pages/overview.js';
import { recordPage } from './pages/record.js';
import { webhooksPage } from './pages/webhooks.js';
import { stateVersion } from './version.js';
import type { Page, View } from './view.js';

/** What the dashboard serves and drives. */
export interface DashboardOptions {
  /** The server's origin, e.g. `http://127.0.0.1:53117`, where actions send the browser back. */
  origin: string;
  ctx: MockContext;
  /** The mock's handlers, whose scenario endpoints the actions call. */
  handlers: readonly HttpHandler[];
}

const ACTIONS = '/dashboard/actions/';

/** Pages by path; a record's page is matched apart. */
const PAGES: Record<string, (view: View) => Page> = {
  '/': overviewPage,
  '/dashboard/transactions': transactionsPage,
  '/dashboard/payouts': payoutsPage,
  '/dashboard/webhooks': webhooksPage,
  '/dashboard/faults': faultsPage,
};

/** Headers of every answer: no framing, no sniffing, no caching, no referrer to other sites. */
function headers(contentType: string, nonce?: string): Headers {
  const policy = [
    "default-src 'none'",
    nonce ? `script-src 'nonce-${nonce}'` : '',
    nonce ? `style-src 'nonce-${nonce}'` : '',
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].filter(Boolean);
  return new Headers({
    'content-type': contentType,
    'content-security-policy': policy.join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // same-origin, not no-referrer: with no-referrer, Chromium sends `Origin: null` on the page's
    // own form posts, which the server's guard (../server/browser-guard.ts) refuses as it would a foreign page.
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
    // As every answer of the mock: a request id to quote.
    'x-request-id': newRequestId(),
  });
}

const plain = (status: number, text: string, extra: Record<string, string> = {}) => {
  const h = headers('text/plain; charset=utf-8');
  for (const [name, value] of Object.entries(extra)) h.set(name, value);
  return new Response(text, { status, headers: h });
};

/**
 * Where to send the browser back: a path of this server, as resolved (`/.//evil.example` would
 * otherwise leave as `//evil.example`, another site); anything else goes to `/`.
 */
function localPath(back: FormDataEntryValue | null, origin: string): string {
  if (typeof back !== 'string' || !back.startsWith('/')) return '/';
  try {
    const url = new URL(back, origin);
    if (url.origin === origin && !url.pathname.startsWith('//')) return `${url.pathname}${url.search}`;
  } catch {}
  return '/';
}

/** Creates the dashboard's handler. Every server gets its own token. */
export function dashboardHandler(options: DashboardOptions): HttpHandler {
  const { ctx } = options;
  const token = newToken();
  const notices = new Notices();

  const page = async (url: URL, head: boolean): Promise<Response> => {
    const view: View = { ctx, url, token, notice: notices.get(url.searchParams.get('notice')) };
    const record = /^\/dashboard\/transactions\/([^/]+)$/.exec(url.pathname);
    const make = PAGES[url.pathname];
    let built: Page | undefined;
    if (record) built = await recordPage(view, record[1] as string);
    else if (make) built = make(view);
    if (built === undefined) return plain(404, `No dashboard page at ${url.pathname}`);
    const nonce = newToken().slice(0, 32);
    const body = layout({ ...built, nonce, version: stateVersion(ctx), notice: view.notice });
    return new Response(head ? null : body, {
      status: built.status ?? 200,
      headers: headers('text/html; charset=utf-8', nonce),
    });
  };

  const act = async (request: Request, url: URL): Promise<Response> => {
    let form = new FormData();
    if (
      /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(
        request.headers.get('content-type') ?? '',
      )
    ) {
      try {
        form = await readForm(request);
      } catch (error) {
        // Past 1 MiB, as the API (a chunked body declares no length, so the reader counts); a
        // stalled body (408) or a malformed chunk (400) as the API too.
        if (error instanceof ServiceError) return plain(error.status, error.message);
        return plain(400, 'The form could not be read');
      }
    }
    const given = request.headers.get(TOKEN_HEADER) ?? form.get(TOKEN_FIELD);
    if (!tokenMatches(token, typeof given === 'string' ? given : null)) {
      return plain(
        403,
        'This action needs the token of the dashboard page it comes from: reload the page and try again.',
      );
    }
    const notice = await runAction(ctx, options.handlers, url.pathname.slice(ACTIONS.length), form);
    if (notice === undefined) return plain(404, `No dashboard action at ${url.pathname}`);
    const back = new URL(localPath(form.get('back'), options.origin), options.origin);
    back.searchParams.set('notice', notices.add(notice));
    return new Response(null, {
      status: 303,
      headers: { location: `${back.pathname}${back.search}`, 'x-request-id': newRequestId() },
    });
  };

  return new HttpHandler(
    /.*/,
    ({ request }) => {
      const { pathname } = new URL(request.url);
      return pathname === '/' || pathname === '/dashboard' || pathname.startsWith('/dashboard/');
    },
    async ({ request }) => {
      // The server's guard has refused a Host not its own (DNS rebinding) before this point.
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      if (url.pathname.startsWith(ACTIONS)) {
        return method === 'POST' ? act(request, url) : plain(405, 'Actions are POST only', { allow: 'POST' });
      }
      if (method !== 'GET' && method !== 'HEAD')
        return plain(405, 'Pages are GET only', { allow: 'GET, HEAD' });
      if (url.pathname === '/dashboard/version') return plain(200, stateVersion(ctx));
      if (url.pathname === '/dashboard')
        return new Response(null, {
          status: 308,
          headers: { location: '/', 'x-request-id': newRequestId() },
        });
      return page(url, method === 'HEAD');
    },
  );
}
