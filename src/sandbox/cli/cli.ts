#!/usr/bin/env node
import { serveAnswersFrom } from '../parity/answers-from-server.js';
import { readRecording, shapesOf } from '../parity/reshape.js';
import { startMockServer } from '../server/server.js';
/// <reference types="node" />
/**
 * pix-payments-mock: the reference mock as a real HTTP server, for curl, Postman and clients in
 * other languages. `pix-payments-mock --help` lists the flags (./cli-flags.ts).
 */
import { banner } from './cli-banner.js';
import { COPY_STATE, runCopyState } from './cli-copy-state.js';
import { type CliOptions, parseCommandLine, USAGE, UsageError } from './cli-flags.js';
import { forwardEvents } from './cli-forward.js';
import { PARITY, runParityCommand } from './cli-parity.js';

/** The mock's options from the command line: one merchant, with the keys given or random ones. */
function serverOptions(options: CliOptions) {
  const merchant = {
    // Only when given: with --state, a flag left out keeps what the file holds.
    ...(options.manualApproval ? { manualApproval: true } : {}),
    ...(options.secretKey === undefined ? {} : { secretKey: options.secretKey }),
    ...(options.publicKey === undefined ? {} : { publicKey: options.publicKey }),
  };
  return {
    port: options.port,
    host: options.host,
    allowedHosts: options.allowedHosts,
    answers: options.answers,
    seed: options.seed,
    merchants: [merchant],
    ...(options.jwtSecret === undefined ? {} : { jwtSecret: options.jwtSecret }),
    ...(options.state === undefined ? {} : { state: options.state }),
  };
}

/**
 * The sandbox; with --answers-from, on a loopback port of its own behind a server that writes its
 * API answers in the recorded shapes, where the flags ask.
 */
async function startServer(options: CliOptions) {
  if (options.answersFrom === undefined) return startMockServer(serverOptions(options));
  const shapes = shapesOf(readRecording(options.answersFrom));
  const inner = await startMockServer({ ...serverOptions(options), port: 0, host: '127.0.0.1' });
  return serveAnswersFrom(inner, shapes, options).catch(async (error: unknown) => {
    await inner.close();
    throw error;
  });
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === COPY_STATE) {
    await runCopyState(rest);
    return;
  }
  if (command === PARITY) {
    process.exitCode = await runParityCommand(rest);
    return;
  }
  const options = parseCommandLine();
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const server = await startServer(options);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        // The last write failed (a full disk): said in one line, as a failed start is.
        console.error(`pix-payments-mock: ${(error as Error).message.split('\n')[0]}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const { service } = server;
  const forward =
    options.forwardTo === undefined
      ? undefined
      : { url: options.forwardTo, secret: await forwardEvents(server, options.forwardTo) };
  console.log(
    banner({
      url: server.url,
      secretKey: service.secretKey,
      publicKey: service.publicKey,
      userToken: await service.issueUserToken(),
      // With --state, the file may ask for manual approval though the flag was left out.
      options: { ...options, manualApproval: service.merchants[0]?.manualApproval === true },
      forward,
      state: server.stateFile,
    }),
  );
}

main().catch((error: unknown) => {
  // A bad flag: one line and exit code 2, as command-line tools do. Anything else (the port is
  // taken, the host cannot be resolved): one line and exit code 1.
  const usage = error instanceof UsageError;
  console.error(`pix-payments-mock: ${(error as Error).message}${usage ? ' (see --help)' : ''}`);
  process.exit(usage ? 2 : 1);
});
