#!/usr/bin/env node
/// <reference types="node" />
/**
 * pix-payments-mock [--port N] [--host H] [--answers reference|varied] [--seed N]: the reference
 * mock as a real HTTP server, for curl, Postman and clients in other languages.
 */
import { parseArgs } from 'node:util';
import { startMockServer } from './server.js';
import { MOCK_ANSWERS, type MockAnswers } from './varied-answers.js';

const SYNOPSIS = 'Usage: pix-payments-mock [--port N] [--host H] [--answers reference|varied] [--seed N]';
const USAGE = `${SYNOPSIS}

  --port N       the port; 0 picks a free one (default 0)
  --host H       the interface (default 127.0.0.1)
  --answers M    reference: answers in the reference shapes (default);
                 varied: in other shapes a real service may send, chosen by the seed
  --seed N       seed of the varied answers, an integer >= 0 (default 1)
  --state FILE   keep the whole state (keys, records, balances, clock) in FILE across
                 restarts; created when missing, refused if not a state file (default: none)
  --help         this text`;

/** A bad flag value: said in one line, exit code 2, as command-line tools do. */
function usageError(message: string): never {
  console.error(`pix-payments-mock: ${message} (see --help)`);
  process.exit(2);
}

function answersFlag(value: string): MockAnswers {
  const mode = MOCK_ANSWERS.find((candidate) => candidate === value);
  return mode ?? usageError(`--answers must be reference or varied, got "${value}"`);
}

function seedFlag(value: string): number {
  const seed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(seed) ? seed : usageError(`--seed must be an integer >= 0, got "${value}"`);
}

/** The command line; an unknown flag or a missing value is a usage error too. */
function flags() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        answers: { type: 'string', default: 'reference' },
        seed: { type: 'string', default: '1' },
        state: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    return usageError((error as Error).message.split('\n')[0] as string);
  }
}

async function main(): Promise<void> {
  const { values } = flags();
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be 0..65535\n${SYNOPSIS}`);
  const answers = answersFlag(values.answers);
  const seed = seedFlag(values.seed);
  const state = values.state === undefined ? {} : { state: values.state };
  const server = await startMockServer({ port, host: values.host, answers, seed, ...state });
  const token = await server.service.issueUserToken();
  const charge = '<transactionId>';
  console.log(`pix-payments mock listening on ${server.url}

  Base URL     ${server.url}
  Secret key   ${server.service.secretKey}
  User token   ${token}
  Answers      ${answers === 'varied' ? `varied (seed ${seed}): shapes a real service may send` : 'reference'}

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
