/** Browser tests: Jest drives Debian's chromium through playwright-core against the running platform. */
/** @type {import('jest').Config} */
module.exports = {
  ...require('../jest.preset').nodePreset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e.spec.ts'],
  testTimeout: 60_000,
  // Every screen a test opens is checked with axe; a serious or critical violation fails the test.
  setupFilesAfterEnv: ['<rootDir>/support/accessibility-setup.ts'],
  // `--shard=i/n` splits by the specs' lengths (deploy/local/run-e2e.js runs shards side by side).
  testSequencer: '<rootDir>/support/balanced-sequencer.js',
};
