const { frontendJestConfig } = require('@masar/shell/testing/jest-preset');

/** @type {import('jest').Config} */
module.exports = {
  ...frontendJestConfig(),
  // Two specs write this remote's one pact file: it is made afresh once per run, not by each spec.
  globalSetup: '<rootDir>/test/fresh-pact-file.js',
};
