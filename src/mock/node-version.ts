/** The mock's floor: msw 3 needs Node.js 22.12; on older Node it fails late and obscurely. */

const NEEDED = [22, 12] as const;

/** A floor other than the mock's own (the sandbox's kept state needs a later Node). */
export interface NodeFloor {
  needed: readonly [number, number];
  /** What needs it, as the message's subject. */
  what: string;
  /** Why, in a few words. */
  why: string;
}

const MOCK_FLOOR: NodeFloor = { needed: NEEDED, what: 'pix-payments/mock', why: 'msw 3 does' };

/** Throws at once, naming the Node the mock needs, on an older Node.js (other runtimes pass). */
export function requireSupportedNode(
  version = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node,
  floor: NodeFloor = MOCK_FLOOR,
): void {
  if (version === undefined) return;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [neededMajor, neededMinor] = floor.needed;
  if (major > neededMajor || (major === neededMajor && minor >= neededMinor)) return;
  throw new Error(
    `${floor.what} needs Node.js ${floor.needed.join('.')} or later (${floor.why}); this is Node.js ${version}. The client and the webhook helpers run on Node.js 20.`,
  );
}
