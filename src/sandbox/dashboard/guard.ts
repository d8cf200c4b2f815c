/**
 * Who may use the dashboard. A page from another site cannot read it (the browser's same-origin
 * rule) and, with the server's Host rule (../server/browser-guard.ts), cannot read it through a
 * DNS name rebound to the machine either; it could still send a form, so every state-changing
 * action must carry a token that only the dashboard's own pages hold.
 */
import { timingSafeHexEqual } from '../../webhooks/hmac.js';

/** The form field and the header that carry the token. */
export const TOKEN_FIELD = 'token';
export const TOKEN_HEADER = 'x-dashboard-token';

/** A fresh random token: 32 bytes as hex. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** True when `given` is the token, compared in time that does not depend on where they differ. */
export function tokenMatches(token: string, given: string | null | undefined): boolean {
  return typeof given === 'string' && /^[0-9a-f]+$/i.test(given) && timingSafeHexEqual(token, given);
}
