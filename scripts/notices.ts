/**
 * dist/THIRD_PARTY_NOTICES.md: the licence of each package whose code the build copies into dist/
 * (tsup.config.ts's `noExternal`), with its version, as their licences ask of a copy. Run from the
 * repository's root (tsup's onSuccess is).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What each one is copied into. */
export const BUNDLED: Record<string, string> = {
  ky: 'pix-payments (the client): its HTTP requests, retries and timeouts, loaded on the first request',
  zod: 'every entry: the schemas and their parsing',
  jose: 'pix-payments/mock: the user tokens (JWTs) it signs and verifies',
  uqr: 'pix-payments/qr: QR code matrices',
};

export function writeThirdPartyNotices(dist = 'dist'): void {
  const sections = Object.entries(BUNDLED).map(([name, usedBy]) => {
    const dir = join('node_modules', name);
    const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((entry) => /^licen[cs]e/i.test(entry));
    if (file === undefined) throw new Error(`${name} ships no licence file`);
    const text = readFileSync(join(dir, file), 'utf8').trim();
    return `## ${name} ${version} (${license})\n\nCopied into ${usedBy}.\n\n\`\`\`text\n${text}\n\`\`\`\n`;
  });
  const intro =
    "# Third-party notices\n\nThe code of these packages is bundled into this package's `dist/`; their licences follow.\n";
  writeFileSync(join(dist, 'THIRD_PARTY_NOTICES.md'), [intro, ...sections].join('\n'));
}
