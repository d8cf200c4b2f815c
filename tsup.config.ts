import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
import { writeThirdPartyNotices } from './scripts/notices.js';
import { writeOpenApiDocument } from './scripts/openapi.js';
import { writeCliEntry, writeMockEntry } from './scripts/peer-entries.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

const shared: Options = {
  tsconfig: 'tsconfig.build.json',
  target: 'node20',
  platform: 'neutral',
  // Copied into dist/ (their licences in dist/THIRD_PARTY_NOTICES.md, scripts/notices.ts). ky: the
  // client's HTTP layer, loaded on the first request (src/core/ky.ts), in a chunk of its own; ky 2
  // is ESM-only, so the CommonJS build could not `require` it. zod: an entry then loads the parts
  // of zod it uses, not all of zod's modules (cold starts: `import 'zod/mini'` alone took 65-80
  // ms), from zod's ESM build in both formats (its CommonJS build loads every locale). It stays a
  // dependency for the declarations, at the version bundled (the range's floor,
  // scripts/zod-floor.ts). jose is only used by the mock, uqr (QR matrices, about 3 KB) by
  // pix-payments/qr: the QR helpers need no peer to install.
  noExternal: ['jose', 'ky', 'uqr', 'zod'],
  external: ['msw', '@opentelemetry/api', /^node:/],
  treeshake: true,
  sourcemap: false,
  // package.json's version, for the code that names it (the OpenTelemetry tracer's and meter's).
  define: { __PIX_PAYMENTS_VERSION__: JSON.stringify(version) },
};

export default defineConfig([
  {
    ...shared,
    entry: {
      index: 'src/index.ts',
      webhooks: 'src/webhooks/index.ts',
      qr: 'src/qr/index.ts',
      reports: 'src/reports/index.ts',
    },
    format: ['esm', 'cjs'],
    // The mock's declarations under its public name; its code under mock-impl.
    dts: {
      entry: {
        index: 'src/index.ts',
        webhooks: 'src/webhooks/index.ts',
        mock: 'src/mock-entry.ts',
        qr: 'src/qr/index.ts',
        reports: 'src/reports/index.ts',
        // Its code is built below, on its own.
        opentelemetry: 'src/opentelemetry/index.ts',
      },
    },
    clean: true,
    splitting: true,
    // After the clean: dist/openapi.json, shipped as `pix-payments/openapi.json`, and the
    // licences of what noExternal copies into dist/.
    onSuccess: async () => {
      writeOpenApiDocument();
      writeThirdPartyNotices();
    },
  },
  {
    ...shared,
    // Built on its own, without splitting: the modules it shares with the entries above would
    // otherwise become chunks of their own, and cost those entries bytes (bench/size.ts). Its
    // declarations come from the build above, whose clean would remove them if made here.
    // @opentelemetry/api, an optional peer, is imported by this entry alone.
    entry: { opentelemetry: 'src/opentelemetry/index.ts' },
    format: ['esm', 'cjs'],
    dts: false,
    splitting: false,
  },
  {
    ...shared,
    // dist/mock.* are thin wrappers over it (scripts/peer-entries.ts): msw is an optional peer.
    // Built on its own: in the split build above, the parts of zod only the mock uses (the JSON
    // Schema of its OpenAPI document, every check) would land in the chunks the entries load.
    // SDK errors it throws are still recognised by the other build's guards (their tags).
    entry: { 'mock-impl': 'src/mock-entry.ts' },
    format: ['esm', 'cjs'],
    dts: false,
    splitting: false,
    // The mock's loader (msw is an optional peer), over the code just built.
    onSuccess: () => writeMockEntry('dist'),
  },
  {
    ...shared,
    entry: { 'cli-impl': 'src/sandbox/cli/cli.ts' },
    format: ['esm'],
    dts: false,
    splitting: false,
    onSuccess: () => writeCliEntry('dist'),
  },
]);
