/**
 * Jest, as a merchant runs it: the node environment, no transformer, each test file in a `vm`
 * context of its own. It runs the one test of this folder, which `jest.test.ts` (vitest) starts.
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.test.cjs'],
  transform: {},
  watchman: false,
};
