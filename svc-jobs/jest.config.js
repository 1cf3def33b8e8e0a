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
  // The integration tests boot the service on a fresh database and build zip bombs: slower than unit tests.
  testTimeout: 30000,
};
