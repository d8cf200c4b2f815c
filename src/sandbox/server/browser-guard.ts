/**
 * What keeps web pages away from a sandbox on a developer's machine. The `/__mock/*` routes and
 * the dashboard take no credentials (but the state copy), so a page from another site must not
 * reach them: on every bind they answer only a `Host` of the server's own (./host-rule.ts), so a
 * DNS name rebound to the machine cannot read them (403 `FORBIDDEN_HOST`), and a request with an
 * `Origin` other than the server's own pages is refused (browsers send it on every cross-site POST
 * and on every fetch; curl and clients in other languages send none: 403 `FORBIDDEN_ORIGIN`). The
 * service's own routes need its keys: they take the `Host` rule only on a loopback bind, so a
 * shared sandbox serves its API under any name.
 */

import type { Answer } from '../../mock/http/respond.js';
import { type AllowedHosts, hostParts, hostRule, isLoopbackName, originPort } from './host-rule.js';

/** What the guard reads of a request: its `Host` and `Origin` headers and its target (`/path?query`). */
export interface GuardedRequest {
  host: string | undefined;
  origin: string | undefined;
  target: string;
}

/** The longest part of a header a refusal repeats. */
const QUOTED = 100;

/**
 * True for a path of the service's own API (`/v1/…`, `/openapi.json`), as the handlers will see
 * it: dot segments resolved and percent-escapes decoded (msw matches `/%5F%5Fmock/state` as
 * `/__mock/state`). Anything else, a path that does not parse included, is guarded as a control route.
 */
function isServicePath(origin: string, target: string): boolean {
  if (!target.startsWith('/')) return false;
  let path: string;
  try {
    path = new URL(`${origin}${target}`).pathname;
  } catch {
    return false;
  }
  try {
    path = decodeURIComponent(path);
  } catch {}
  return path.startsWith('/v1/') || path === '/openapi.json';
}

/**
 * The test of a request's `Host`, `Origin` and target for a server at `origin` (its bind address
 * and port) that also answers the names of `allowedHosts`: the refusal, or undefined.
 */
export function browserGuard(
  origin: string,
  allowedHosts: AllowedHosts = [],
): (request: GuardedRequest) => Answer | undefined {
  const own = new URL(origin);
  const port = originPort(own);
  const hostAllowed = hostRule(origin, allowedHosts);
  const onLoopback = isLoopbackName(own.hostname);
  /**
   * The server's own pages: a page of the origin the request is made to (its `Host`, once
   * allowed), or one under a loopback name or the bind address with the server's port.
   */
  const ownPage = (given: string, host: string | undefined) => {
    let page: URL;
    try {
      page = new URL(given);
    } catch {
      return false;
    }
    // The header as sent, not as parsed: userinfo, a path, a query or a fragment never match
    // (`http://evil@127.0.0.1:4010` parses to this server's host), nor does the parser's
    // dropping of an empty userinfo (`http://:@host`).
    if (page.protocol !== 'http:' || given.toLowerCase().replace(/\/$/, '') !== page.origin) return false;
    const pagePort = originPort(page);
    const to = hostParts(host);
    if (to?.name === page.hostname && to.port === pagePort && hostAllowed(host)) return true;
    return pagePort === port && (isLoopbackName(page.hostname) || page.hostname === own.hostname);
  };
  return ({ host, origin: from, target }) => {
    if ((onLoopback || !isServicePath(origin, target)) && !hostAllowed(host))
      return forbiddenHost(
        host,
        port,
        onLoopback ? 'it answers' : 'its /__mock/* routes and dashboard answer',
      );
    if (from === undefined || ownPage(from, host)) return undefined;
    return {
      status: 403,
      body: {
        message: `The mock refused the request: a page from ${quote(from)} may not use it (only this server's own pages, or clients without an Origin)`,
        code: 'FORBIDDEN_ORIGIN',
      },
    };
  };
}

/** A header's value as a refusal repeats it: quoted, and cut. */
function quote(value: string): string {
  return JSON.stringify(value.length > QUOTED ? `${value.slice(0, QUOTED)}…` : value);
}

/** The 403 of a `Host` the server does not answer, saying how to allow the name. */
function forbiddenHost(host: string | undefined, port: number, guarded: string): Answer {
  const given =
    host === undefined
      ? 'The mock refused the request: it carries no Host header'
      : `The mock refused the request: the Host ${quote(host)} is not one of its names`;
  const name = hostParts(host)?.name;
  const allow =
    name !== undefined && /^[a-z0-9_.-]+$/.test(name) && name.length <= QUOTED
      ? `to answer ${name} too, start it with --allowed-hosts ${name} (startMockServer({ allowedHosts: ['${name}'] }))`
      : 'to answer another name, start it with --allowed-hosts NAME (startMockServer({ allowedHosts: [NAME] }))';
  return {
    status: 403,
    body: {
      message: `${given} (against DNS rebinding, ${guarded} only localhost, an IP address or the name given to --host, with port ${port}, and the names given to --allowed-hosts); ${allow}`,
      code: 'FORBIDDEN_HOST',
    },
  };
}
