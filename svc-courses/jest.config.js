const { nodePreset } = require('../jest.preset');

/** @type {import('jest').Config} */
module.exports = {
  ...nodePreset,
  roots: ['<rootDir>/src', '<rootDir>/test'],
  transform: {
    ...nodePreset.transform,
    // pdfjs-dist ships only ES modules; Jest (CommonJS here) needs them compiled. Node itself
    // loads them natively at run time.
    '/node_modules/pdfjs-dist/legacy/build/.+\\.mjs$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!pdfjs-dist/)'],
  // Course creation asks svc-ai, which the tests run from its compiled dist: build it when stale.
  globalSetup: '<rootDir>/test/support/build-ai.js',
  // The integration tests boot the service on a fresh database and read real documents.
  testTimeout: 30000,
};
