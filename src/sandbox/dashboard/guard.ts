/**
 * Who may use the dashboard. A page from another site cannot read it (the browser's same-origin
 * rule) and, with the Host check, cannot read it through a DNS name rebound to loopback either;
 * it could still send a form, so every state-changing action must carry a token that only the
 * dashboard's own pages hold.
 */
import { timingSafeHexEqual } from '../../webhooks/hmac.js';

/** The form field and the header that carry the token. */
export const TOKEN_FIELD = 'token';
export const TOKEN_HEADER = 'x-dashboard-token';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const WILDCARD = new Set(['0.0.0.0', '[::]']);
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The test of a request's `Host` header for a server at `origin`: its own host and port, and
 * the other loopback names when it listens on loopback. A server on every interface answers an
 * IP address with its port (a DNS name could be rebound; an address cannot).
 */
export function hostCheck(origin: string): (host: string | null) => boolean {
  const { hostname, port } = new URL(origin);
  return (host) => {
    if (host === null) return false;
    const given = host.toLowerCase();
    if (given === `${hostname}:${port}`) return true;
    const at = given.lastIndexOf(':');
    if (at < 0 || given.slice(at + 1) !== port) return false;
    const name = given.slice(0, at);
    if (LOOPBACK.has(hostname)) return LOOPBACK.has(name);
    return (
      WILDCARD.has(hostname) && (name === 'localhost' || IPV4.test(name) || /^\[[0-9a-f:.]+\]$/.test(name))
    );
  };
}

/**
 * The test of a request's `Origin` header for a server at `origin`: an http origin whose host
 * passes {@link hostCheck}. It is compared as a parsed origin (scheme, host, port) and must be
 * that origin as serialized, nothing more: `http://evil@127.0.0.1:4010` parses to this server's host, so userinfo (like a
 * path, a query or a fragment) never matches, and neither does what does not parse (`null`).
 */
export function originCheck(origin: string): (given: string) => boolean {
  const ownHost = hostCheck(origin);
  return (given) => {
    let page: URL;
    try {
      page = new URL(given);
    } catch {
      return false;
    }
    // The header as sent, not as parsed: the parser drops an empty userinfo (`http://:@host`).
    const serialized = given.toLowerCase().replace(/\/$/, '');
    return page.protocol === 'http:' && serialized === page.origin && ownHost(page.host);
  };
}

/** A fresh random token: 32 bytes as hex. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** True when `given` is the token, compared in time that does not depend on where they differ. */
export function tokenMatches(token: string, given: string | null | undefined): boolean {
  return typeof given === 'string' && /^[0-9a-f]+$/i.test(given) && timingSafeHexEqual(token, given);
}
