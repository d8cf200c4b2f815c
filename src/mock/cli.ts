#!/usr/bin/env node
/// <reference types="node" />
/**
 * pix-payments-mock [--port N] [--host H]: the reference mock as a real HTTP server, for curl,
 * Postman and clients in other languages.
 */
import { parseArgs } from 'node:util';
import { startMockServer } from './server.js';

const USAGE = 'Usage: pix-payments-mock [--port N] [--host H]   (defaults: a free port on 127.0.0.1)';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be 0..65535\n${USAGE}`);
  const server = await startMockServer({ port, host: values.host });
  const token = await server.service.issueUserToken();
  const charge = '<transactionId>';
  console.log(`pix-payments mock listening on ${server.url}

  Base URL     ${server.url}
  Secret key   ${server.service.secretKey}
  User token   ${token}

  Try it:
    curl -s ${server.url}/v1/integrations/balance -H "Authorization: Bearer ${server.service.secretKey}"
    curl -s -X POST ${server.url}/v1/integrations/create-transaction -H "Authorization: Bearer ${server.service.secretKey}" -H 'content-type: application/json' -d '{"amount": 19.90}'

  Drive scenarios (no credentials):
    POST /__mock/charges/${charge}/pay | expire | fail | reverse | chargeback
    POST /__mock/payouts/<id>/process | complete | fail | reverse | cancel
    POST /__mock/faults  {"route":"create-cashout","kind":"status","status":503,"times":2}
    POST /__mock/clock   {"advanceMs":3600000}  (or {"set":"2026-11-21T11:00:00Z"}; due charges expire)
    POST /__mock/user-tokens   GET /__mock/state   POST /__mock/reset

Ctrl-C to stop.`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
