import { defineConfig, type Options } from 'tsup';
import { writeOpenApiDocument } from './scripts/openapi.js';
import { writeCliEntry, writeMockEntry } from './scripts/peer-entries.js';

const shared: Options = {
  tsconfig: 'tsconfig.build.json',
  target: 'node20',
  platform: 'neutral',
  // jose is only used by the mock, uqr (QR matrices, about 3 KB) by pix-payments/qr: inlining
  // them keeps the runtime dependencies to zod alone and the QR helpers free of a peer to install.
  noExternal: ['jose', 'uqr'],
  external: ['zod', 'msw', '@opentelemetry/api', /^node:/],
  treeshake: true,
  sourcemap: false,
};

export default defineConfig([
  {
    ...shared,
    entry: {
      index: 'src/index.ts',
      webhooks: 'src/webhooks/index.ts',
      // dist/mock.* are thin wrappers over it (scripts/peer-entries.ts): msw is an optional peer.
      'mock-impl': 'src/mock-entry.ts',
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
    // After the clean: the mock's loader (msw is an optional peer) and dist/openapi.json,
    // shipped as `pix-payments/openapi.json`.
    onSuccess: async () => {
      await Promise.all([writeMockEntry('dist'), writeOpenApiDocument()]);
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
    entry: { 'cli-impl': 'src/sandbox/cli/cli.ts' },
    format: ['esm'],
    dts: false,
    splitting: false,
    onSuccess: () => writeCliEntry('dist'),
  },
]);
