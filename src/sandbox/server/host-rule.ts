/// <reference types="node" />
/**
 * Which names a request may give the sandbox in its `Host` header. A web page can point a DNS name
 * of its own at the developer's machine once it has loaded (DNS rebinding) and then read the
 * sandbox as its own origin: so its control routes answer only the names that cannot be rebound
 * (`localhost` and `*.localhost`, any IP address), the name it was started on, and the names the
 * developer allows (`allowedHosts`, as Vite's `server.allowedHosts`).
 */
import { isIPv4, isIPv6 } from 'node:net';

/**
 * More names a request may give in its `Host` header: `'qa.example'` that name alone,
 * `'.example.com'` that name and its subdomains; `true` any name (DNS rebinding then reaches the
 * control routes: only behind a proxy that checks the name itself).
 */
export type AllowedHosts = readonly string[] | true;

/** A host name (letters, digits, `-`, `_`; dot-separated labels), optionally after a leading dot. */
const HOST_NAME = /^\.?[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$/;
const MAX_HOST_NAME = 253;

/** The rule an entry of `allowedHosts` follows, as the refusals state it. */
export const ALLOWED_HOST_RULE =
  'a host name such as qa.example, or .example.com for that name and its subdomains, without scheme or port';

/** Why `entry` cannot be an allowed host, or undefined when it can. */
export function allowedHostProblem(entry: string): string | undefined {
  if (entry.length > 0 && entry.length <= MAX_HOST_NAME + 1 && HOST_NAME.test(entry.toLowerCase()))
    return undefined;
  return `must be ${ALLOWED_HOST_RULE}, got ${JSON.stringify(entry.slice(0, 80))}`;
}

/**
 * `allowedHosts` checked: `true`, or an array of names (lower-cased).
 * @throws TypeError naming `option` and the rule.
 */
export function checkAllowedHosts(value: unknown, option: string): AllowedHosts {
  if (value === undefined) return [];
  if (value === true) return true;
  if (!Array.isArray(value))
    throw new TypeError(`${option} must be true or an array of host names (${ALLOWED_HOST_RULE})`);
  return value.map((entry: unknown, index) => {
    const problem =
      typeof entry === 'string'
        ? allowedHostProblem(entry)
        : `must be ${ALLOWED_HOST_RULE}, got ${typeof entry}`;
    if (problem !== undefined) throw new TypeError(`${option}[${index}] ${problem}`);
    return (entry as string).toLowerCase();
  });
}

/** A `Host` header taken apart: the name in lower case (an IPv6 address in brackets) and the port. */
interface HostParts {
  name: string;
  port: number;
}

/** `name[:port]` or `[v6][:port]`; undefined for anything else. An absent or empty port is 80. */
export function hostParts(header: string | undefined): HostParts | undefined {
  if (header === undefined) return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{0,5}))?$/.exec(header.toLowerCase());
  if (match === null) return undefined;
  return { name: match[1] as string, port: match[2] ? Number(match[2]) : 80 };
}

/** True for an IPv4 address or a bracketed IPv6 address: nothing a DNS answer can change. */
export function isIpLiteral(name: string): boolean {
  return isIPv4(name) || (name.startsWith('[') && name.endsWith(']') && isIPv6(name.slice(1, -1)));
}

/** True for a name of this machine's loopback: `localhost` and `*.localhost`, 127.0.0.0/8, `[::1]`. */
export function isLoopbackName(name: string): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    (isIPv4(name) && name.startsWith('127.')) ||
    name === '[::1]'
  );
}

/** The port of a server's origin as a number (URL leaves out 80). */
export const originPort = (url: URL) => Number(url.port || 80);

/**
 * The test of a `Host` header for the server at `origin` (its bind address and port), on every
 * bind: any IP address and `localhost` or `*.localhost` with its port, the name it was started on
 * (`--host mock.internal`) with its port, and the `allowedHosts` names with any port (a proxy in
 * front may serve it on 443).
 */
export function hostRule(origin: string, allowedHosts: AllowedHosts): (host: string | undefined) => boolean {
  const own = new URL(origin);
  const port = originPort(own);
  const boundName = isIpLiteral(own.hostname) ? undefined : own.hostname;
  return (header) => {
    if (allowedHosts === true) return true;
    const host = hostParts(header);
    if (host === undefined) return false;
    const { name } = host;
    if (allowedHosts.some((entry) => name === entry || (entry.startsWith('.') && `.${name}`.endsWith(entry))))
      return true;
    if (host.port !== port) return false;
    return isIpLiteral(name) || name === 'localhost' || name.endsWith('.localhost') || name === boundName;
  };
}
