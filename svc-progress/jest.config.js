/** @type {import('jest').Config} */
module.exports = {
  ...require('../jest.preset').nodePreset,
  roots: ['<rootDir>/src', '<rootDir>/test'],
  // The integration test boots the service on a fresh database: slower than a unit test.
  testTimeout: 20000,
};
