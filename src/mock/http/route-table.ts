/**
 * The paths the mock knows and the methods each answers, for what no endpoint handles itself: a
 * 405 METHOD_NOT_ALLOWED with `Allow` for another method on a known path, a 204 with `Allow` for
 * OPTIONS, and a 404 for a path the service does not have.
 */
import { type Match, matchRequestUrl } from 'msw';
import type { Answer, WireAnswer } from './respond.js';

const decodeOnce = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** msw matches paths in URLs of at most this many characters (query left out); it throws beyond. */
export const MAX_URL_LENGTH = 8192;
export const tooLongToMatch = (url: URL) => `${url.origin}${url.pathname}`.length > MAX_URL_LENGTH;

/**
 * Matches a URL against an msw path (e.g. `…/cashout/:id`), an encoded slash (`%2F`) being part
 * of its segment, never a separator. msw decodes the path before it compares, so
 * `/v1%2Fintegrations%2Fbalance` would be the balance: `%2F` (and `%25`, to keep the parameters
 * exact) are escaped once more for msw, and the parameters it captures decoded once more after.
 * A URL too long for msw to match (it throws) matches nothing.
 */
export function matchPath(url: URL, pattern: string): Match {
  if (!/%2f/i.test(url.pathname)) return matchRequestUrl(url, pattern);
  const escaped = new URL(url.href);
  escaped.pathname = url.pathname.replace(/%(25|2f)/gi, '%25$1');
  let match: Match;
  try {
    match = matchRequestUrl(escaped, pattern);
  } catch {
    return { matches: false };
  }
  if (!match.matches || match.params === undefined) return match;
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(match.params)) {
    if (value !== undefined)
      params[name] = typeof value === 'string' ? decodeOnce(value) : value.map(decodeOnce);
  }
  return { matches: true, params };
}

/** The order in which `Allow` lists methods. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * How a service endpoint answers, for a server that calls it without msw's `getResponse`: the
 * same predicate and resolver its msw handler is made of.
 */
export interface DirectRoute {
  /** False, or the match and its path parameters, as the msw handler's predicate answers. */
  matches(url: URL): false | { matches: boolean; params: Record<string, unknown> };
  /** The answer, as its msw handler would answer it before it is made a `Response`. */
  resolve(args: { request: Request; params: Record<string, unknown> }): Promise<Response | WireAnswer>;
}

/** The methods of every known path, filled as the endpoints' handlers are made. */
export class RouteTable {
  readonly #routes: { method: string; url: string; direct?: DirectRoute | undefined }[] = [];

  /**
   * Records that `method` is answered at `url` (an msw path, e.g. `…/cashout/:id`); `direct`, for
   * a service endpoint, is how its msw handler answers.
   */
  add(method: string, url: string, direct?: DirectRoute): void {
    this.#routes.push({ method: method.toUpperCase(), url, direct });
  }

  /**
   * The answer of the service endpoint that takes `request`, run as msw would run its handler
   * (the first whose method and path match, in the order they were made), or undefined when the
   * first route that matches is not an endpoint's (scenario control, the state copy) or none does.
   * A server in front of the mock (node-adapter.ts) uses it to skip the work msw's `getResponse`
   * does for every handler it tries: a clone of the request, the cookies parsed, an
   * AbortController for the one that matches.
   */
  endpoint(request: Request): (() => Promise<Response | WireAnswer>) | undefined {
    const url = new URL(request.url);
    // msw's handlers leave such a URL to the last one (a 414).
    if (tooLongToMatch(url)) return undefined;
    const method = request.method.toUpperCase();
    for (const route of this.#routes) {
      if (method !== route.method && !(method === 'HEAD' && route.method === 'GET')) continue;
      if (route.direct === undefined) {
        if (matchPath(url, route.url).matches) return undefined;
        continue;
      }
      const match = route.direct.matches(url);
      if (match === false || !match.matches) continue;
      const { resolve } = route.direct;
      return () => resolve({ request, params: match.params });
    }
    return undefined;
  }

  /**
   * The methods that `url` answers, as `Allow` lists them (HEAD beside GET, OPTIONS last);
   * empty for a path the service does not have.
   */
  allowed(url: URL): string[] {
    const methods = new Set<string>();
    for (const route of this.#routes) {
      if (!matchPath(url, route.url).matches) continue;
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
    }
    if (methods.size > 0) methods.add('OPTIONS');
    return [...methods].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
  }

  /**
   * The answer to a request that no endpoint took: OPTIONS on a known path is a 204 and any
   * other method a 405, both with `Allow`; an unknown path is a 404.
   */
  unmatched(method: string, url: URL): Answer {
    const allowed = this.allowed(url);
    if (allowed.length === 0) {
      return { status: 404, body: { message: `No route for ${method} ${url.pathname}`, code: 'NOT_FOUND' } };
    }
    const headers = { allow: allowed.join(', ') };
    if (method.toUpperCase() === 'OPTIONS') return { status: 204, headers };
    return {
      status: 405,
      headers,
      body: {
        message: `${method} is not allowed on ${url.pathname}; allowed: ${headers.allow}`,
        code: 'METHOD_NOT_ALLOWED',
      },
    };
  }
}
