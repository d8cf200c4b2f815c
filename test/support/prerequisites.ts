/**
 * vitest's global setup: before any test, `npm test` checks what it needs from the machine and
 * lists what is missing, with the Debian package that brings it (README, "Try it"), so a missing
 * tool is named once at the start rather than found through the failures of the tests needing it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { CHROMIUM_PATH } from './chromium.js';
import { postgresBinDir } from './postgres.js';

/** One thing the suite needs, the Debian package that brings it, and whether the machine has it. */
export interface Prerequisite {
  what: string;
  debian: string;
  forTests: string;
  present: boolean;
}

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));

function machineNodeMajor(): number | undefined {
  try {
    return Number(/^v(\d+)/.exec(execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }))?.[1]);
  } catch {
    return undefined;
  }
}

/** Every prerequisite of `npm test`, checked on this machine. */
export function prerequisites(): Prerequisite[] {
  const node = machineNodeMajor();
  return [
    {
      what: 'Node.js 20 or later at /usr/bin/node',
      debian: 'nodejs',
      forTests: 'the built package on the oldest Node it supports',
      present: node !== undefined && node >= 20,
    },
    {
      what: `Chromium at ${CHROMIUM_PATH}`,
      debian: 'chromium',
      forTests: "the dashboard's browser test",
      present: existsSync(CHROMIUM_PATH),
    },
    {
      what: 'redis-server (or REDIS_URL)',
      debian: 'redis-server',
      forTests: 'the Redis de-duplication store and the queue recipe',
      present: Boolean(process.env.REDIS_URL) || onPath('redis-server'),
    },
    {
      what: 'PostgreSQL (initdb and pg_ctl in /usr/lib/postgresql/*/bin, or DATABASE_URL)',
      debian: 'postgresql',
      forTests: 'the PostgreSQL de-duplication store, its examples and the pg-boss recipe',
      present: Boolean(process.env.DATABASE_URL) || postgresBinDir() !== undefined,
    },
    {
      what: 'python3',
      debian: 'python3',
      forTests: 'the Python walkthrough of the sandbox',
      present: onPath('python3'),
    },
    {
      what: 'curl',
      debian: 'curl',
      forTests: 'the curl walkthrough of the sandbox',
      present: onPath('curl'),
    },
  ];
}

/** The lines printed when something is missing; none when the machine has everything. */
export function missingReport(list: readonly Prerequisite[]): string[] {
  const missing = list.filter((one) => !one.present);
  if (missing.length === 0) return [];
  return [
    `npm test: ${missing.length} of its ${list.length} prerequisites missing on this machine; the tests that need them will fail:`,
    ...missing.map((one) => `  - ${one.what}, for ${one.forTests}`),
    `  Install them: sudo apt-get install ${missing.map((one) => one.debian).join(' ')}`,
  ];
}

export default function setup(): void {
  for (const line of missingReport(prerequisites())) console.warn(line);
}
