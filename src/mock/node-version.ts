/**
 * The mock's floor: msw 3 needs Node.js 22.12; on older Node it fails late and obscurely. So every
 * mock entry refuses an older Node at once, with a `PaymentsError` that says how to get a newer
 * one for the tests alone, the machine's Node left as it is: the `node` package as a
 * devDependency (npm scripts and npx put its binary first on PATH), or `npx -p node@24` once.
 */
import { PaymentsError } from '../errors/base.js';

/** A floor other than the mock's own (the sandbox's kept state needs a later Node). */
export interface NodeFloor {
  needed: readonly [number, number];
  /** What needs it, as the message's subject. */
  what: string;
  /** Why, in a few words. */
  why: string;
  /** A command that uses it, as run once under `npx -p node@24`. */
  command: string;
}

const MOCK_FLOOR: NodeFloor = {
  needed: [22, 12],
  what: 'pix-payments/mock',
  why: 'msw 3',
  command: 'vitest run',
};

/** Throws at once, naming the Node the mock needs and how to get it, on an older Node.js (other runtimes pass). */
export function requireSupportedNode(
  version = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node,
  floor: NodeFloor = MOCK_FLOOR,
): void {
  if (version === undefined) return;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [neededMajor, neededMinor] = floor.needed;
  if (major > neededMajor || (major === neededMajor && minor >= neededMinor)) return;
  throw new PaymentsError(
    `${floor.what} needs Node.js ${floor.needed.join('.')} or later (${floor.why}); this is Node.js ${version}. For tests on this machine: npm install --save-dev node@24 (npm scripts then use it), or run once with npx -p node@24 ${floor.command}. The client and the webhook helpers run on Node.js 20.`,
  );
}
