/** @type {import('jest').Config} */
module.exports = {
  ...require('../jest.preset').nodePreset,
  roots: ['<rootDir>/src', '<rootDir>/test'],
  // Argon2 hashing and fresh databases make these tests slower than pure unit tests.
  testTimeout: 30000,
};
