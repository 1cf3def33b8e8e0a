/** @type {import('jest').Config} */
module.exports = {
  ...require('../jest.preset').nodePreset,
  roots: ['<rootDir>/src', '<rootDir>/test'],
  // The integration and provider tests start svc-identity from its compiled dist: build it when stale.
  globalSetup: '<rootDir>/test/support/build-identity.js',
  testTimeout: 30000,
};
