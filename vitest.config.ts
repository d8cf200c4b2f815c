import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
    // Names what the machine lacks (Chromium, redis-server, python3, curl) before any test runs.
    globalSetup: ['test/support/prerequisites.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/**'],
      reporter: ['text-summary'],
    },
  },
});
