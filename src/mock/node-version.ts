/** The mock's floor: msw 3 needs Node.js 22.12; on older Node it fails late and obscurely. */

const NEEDED = [22, 12] as const;

/** Throws at once, naming the Node the mock needs, on an older Node.js (other runtimes pass). */
export function requireSupportedNode(
  version = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node,
): void {
  if (version === undefined) return;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > NEEDED[0] || (major === NEEDED[0] && minor >= NEEDED[1])) return;
  throw new Error(
    `pix-payments/mock needs Node.js ${NEEDED.join('.')} or later (msw 3 does); this is Node.js ${version}. The client and the webhook helpers run on Node.js 20.`,
  );
}
