import { defineConfig, type Options } from 'tsup';
import { writeOpenApiDocument } from './scripts/openapi.js';

const shared: Options = {
  tsconfig: 'tsconfig.build.json',
  target: 'node20',
  platform: 'neutral',
  // ky 2 is ESM-only: kept external, the CJS build would `require` it and break. jose is only
  // used by the mock; inlining it keeps the runtime dependencies to zod alone.
  noExternal: ['ky', 'jose'],
  external: ['zod', 'msw', 'uqr', /^node:/],
  treeshake: true,
  sourcemap: false,
};

export default defineConfig([
  {
    ...shared,
    entry: {
      index: 'src/index.ts',
      webhooks: 'src/webhooks/index.ts',
      mock: 'src/mock/index.ts',
      qr: 'src/qr/index.ts',
      reports: 'src/reports/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    splitting: true,
    // dist/openapi.json, after the clean: shipped as `pix-payments/openapi.json`.
    onSuccess: async () => writeOpenApiDocument(),
  },
  {
    ...shared,
    entry: { cli: 'src/mock/cli.ts' },
    format: ['esm'],
    dts: false,
    splitting: false,
  },
]);
