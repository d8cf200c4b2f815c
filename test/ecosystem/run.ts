/**
 * The runtime matrix (npm run test:runtimes): packs the built package, installs the tarball into
 * a consumer project, and runs the same smoke scenario on Node 20 (the machine's), Node 22, 24 and
 * the newest Node, Bun, Deno and Cloudflare's workerd, in ESM and CommonJS, then type-checks a
 * TypeScript consumer under node16 and bundler resolution. Every consumer talks to the reference
 * mock over HTTP on loopback. Prints a table runtime × check; exits 1 if any cell fails.
 */
import { withMockService } from './harness.js';
import {
  checkNode20Install,
  hasFailure,
  installConsumerApp,
  packTarball,
  printSummary,
  resetWorkspace,
  runSmokeInProcesses,
  runSmokeInWorkerd,
  typeCheckConsumers,
} from './steps.js';

async function main(): Promise<void> {
  resetWorkspace();
  const tarball = packTarball();
  const rows = [checkNode20Install(tarball)];
  installConsumerApp(tarball);
  await withMockService(async (env) => {
    rows.push(...(await runSmokeInProcesses(env)));
    rows.push(await runSmokeInWorkerd(env), await runSmokeInWorkerd(env, true));
  });
  rows.push(...typeCheckConsumers());
  printSummary(rows);
  if (rows.some(hasFailure)) process.exitCode = 1;
}

await main();
