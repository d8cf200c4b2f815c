/**
 * What keeps web pages away from a mock on a developer's machine. Every `/__mock/*` action takes
 * no credentials, so a page from another site must not reach the server: a request with an
 * `Origin` other than the server's own is refused (browsers send it on every cross-site POST and
 * on every fetch; curl and clients in other languages send none), and a server on loopback also
 * refuses any `Host` but its own, so a DNS name rebound to 127.0.0.1 cannot read it either.
 */

import type { Answer } from '../../mock/http/respond.js';
import { hostCheck, originCheck } from '../dashboard/guard.js';

const LOOPBACK_BINDS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The test of a request's `Host` and `Origin` headers for a server at `origin`: the refusal, or undefined. */
export function browserGuard(
  origin: string,
): (host: string | undefined, from: string | undefined) => Answer | undefined {
  const ownHost = hostCheck(origin);
  const ownOrigin = originCheck(origin);
  const onLoopback = LOOPBACK_BINDS.has(new URL(origin).hostname);
  return (host, from) => {
    if (onLoopback && !ownHost(host ?? null))
      return refused(`the Host header "${host ?? ''}" is not this server's`);
    if (from === undefined || ownOrigin(from)) return undefined;
    return refused(
      `a page from ${from} may not use it (only this server's own pages, or clients without an Origin)`,
    );
  };
}

function refused(why: string): Answer {
  return { status: 403, body: { message: `The mock refused the request: ${why}`, code: 'FORBIDDEN_ORIGIN' } };
}
