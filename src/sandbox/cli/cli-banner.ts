/**
 * What `pix-payments-mock` prints once it listens: where it is, the credentials (mock keys, made
 * to be copied), and curl commands that walk the interface document's recommended order.
 */
import { endpoints, type OperationId } from '../../endpoints.js';
import type { MockServer } from '../server/server.js';
import type { CliOptions } from './cli-flags.js';

/** What the banner shows. */
export interface BannerFacts {
  url: string;
  secretKey: string;
  publicKey: string;
  userToken: string;
  options: Pick<CliOptions, 'answers' | 'seed' | 'manualApproval'> &
    Partial<Pick<CliOptions, 'allowedHosts'>>;
  /** The subscription of `--forward-to`, when given. */
  forward?: { url: string; secret: string } | undefined;
  /** The database of `--state`, and the JSON state file it was imported from, if any. */
  state?: MockServer['stateFile'];
}

/** Where the state is kept, in one line: the database, and an import when there was one. */
function stateLine(state: BannerFacts['state']): string {
  if (state === undefined) return '';
  const { path, imported } = state;
  const kept =
    imported === undefined
      ? `${path} (SQLite)`
      : imported.now
        ? `${path} (SQLite), imported now from ${imported.from}, which was left as it is`
        : `${path} (SQLite), imported before from ${imported.from}, which is no longer read`;
  return `\n  State        ${kept}`;
}

const CHARGE = '<transactionId>';
const PAYOUT = '<payout transactionId>';

/** The names of `--allowed-hosts`, in one line, when given. */
function hostsLine(allowedHosts: CliOptions['allowedHosts'] | undefined): string {
  if (allowedHosts === undefined || (allowedHosts !== true && allowedHosts.length === 0)) return '';
  const names =
    allowedHosts === true ? 'any host name (DNS rebinding too)' : `${allowedHosts.join(', ')} too`;
  return `\n  Also serves  ${names} (--allowed-hosts)`;
}

function answersLine({ answers, seed }: BannerFacts['options']): string {
  return answers === 'varied' ? `varied (seed ${seed}): shapes a real service may send` : 'reference';
}

/** The ready-to-paste commands: the recommended order, the 403 of a public key, the user token. */
function curlCommands(facts: BannerFacts): string {
  const { url } = facts;
  const at = (id: OperationId) => `${url}${endpoints[id].path}`;
  const secret = `-H "Authorization: Bearer ${facts.secretKey}"`;
  const json = `-H 'content-type: application/json'`;
  const approve = facts.options.manualApproval
    ? `\n    curl -s -X POST ${at('approveCashout')} ${secret} ${json} -d '{"id": <payout id>}'`
    : '';
  return `  Try it (the recommended order: balance, charge, query, payout, read the payout):
    curl -s ${at('getBalance')} ${secret}
    curl -s -X POST ${at('createTransaction')} ${secret} ${json} -d '{"amount": 19.90}'
    curl -s -X POST ${url}/__mock/charges/${CHARGE}/pay
    curl -s "${at('listTransactions')}?transactionId=${CHARGE}" ${secret}
    curl -s -X POST ${at('createCashout')} ${secret} ${json} -d '{"amount": 10.00, "pixKey": "52998224725", "pixKeyType": "CPF"}'
    curl -s ${at('getCashout').replace('{id}', PAYOUT)} ${secret}${approve}

  The public key is refused (403 FORBIDDEN): only the secret key calls /v1/integrations/*
    curl -s -i ${at('getBalance')} -H "Authorization: Bearer ${facts.publicKey}"

  Webhook subscriptions take the user token:
    curl -s ${at('listWebhooks')} -H "Authorization: Bearer ${facts.userToken}"`;
}

/** The banner, ending with "Ctrl-C to stop." (tests wait for that line). */
export function banner(facts: BannerFacts): string {
  const { url, options, forward, state } = facts;
  const forwarding =
    forward === undefined
      ? ''
      : `
  Forwarding   every event to ${forward.url}
  Signing key  ${forward.secret}   (verify X-Webhook-Signature with it)`;
  return `pix-payments mock listening on ${url}

  Base URL     ${url}
  Dashboard    ${url}/${hostsLine(options.allowedHosts)}
  Secret key   ${facts.secretKey}
  Public key   ${facts.publicKey}
  User token   ${facts.userToken}
               (valid one hour; POST /__mock/user-tokens mints another)
  Answers      ${answersLine(options)}
  Payouts      ${options.manualApproval ? 'wait for approve-cashout (--manual-approval)' : 'processed at once'}${stateLine(state)}${forwarding}

${curlCommands(facts)}

  Drive scenarios (no credentials):
    POST /__mock/charges/${CHARGE}/pay | expire | fail | reverse | chargeback
    POST /__mock/payouts/<id>/approve | process | complete | fail | reverse | cancel
    POST /__mock/deliveries/<deliveryId>/resend
    POST /__mock/faults  {"route":"create-cashout","kind":"status","status":503,"times":2}   DELETE /__mock/faults
    POST /__mock/clock   {"advanceMs":3600000}  (or {"set":"2026-11-21T11:00:00Z"}; due charges expire)
    POST /__mock/user-tokens   GET /__mock/state   POST /__mock/reset

Ctrl-C to stop.`;
}
