/** The project's vitest config with `zod` resolved to the floor's copy (scripts/zod-floor.ts sets the env). */
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../vitest.config.js';

const zodDir = process.env.ZOD_FLOOR_DIR;
if (zodDir === undefined || zodDir === '')
  throw new Error('ZOD_FLOOR_DIR is not set: run npm run test:zod-floor');

export default mergeConfig(
  base,
  defineConfig({
    resolve: { alias: [{ find: /^zod(?=\/|$)/, replacement: zodDir }] },
    test: { setupFiles: [fileURLToPath(new URL('./zod-floor.setup.ts', import.meta.url))] },
  }),
);
