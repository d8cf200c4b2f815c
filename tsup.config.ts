import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  tsconfig: 'tsconfig.build.json',
  clean: true,
  target: 'node20',
  platform: 'neutral',
  // ky 2 is ESM-only: kept external, the CJS build would `require` it and break.
  noExternal: ['ky'],
  external: ['zod', 'msw', /^node:/],
  treeshake: true,
  sourcemap: false,
  splitting: true,
});
