/** @type {import('jest').Config} */
module.exports = {
  ...require('../jest.preset').nodePreset,
  roots: ['<rootDir>/src', '<rootDir>/test'],
  // The integration test boots the service on a fresh database: slower than a unit test.
  testTimeout: 20000,
  // Learning paths ask svc-courses, which the tests run from its compiled dist: build it when stale.
  globalSetup: '<rootDir>/test/support/build-courses.js',
  // Each test file boots its own instance, on its own database, in the one `svc-progress` queue group:
  // run side by side, they would answer each other's requests.
  maxWorkers: 1,
  // Each integration test file's instance reads only the events published while it runs (see the file).
  setupFilesAfterEnv: [...require('../jest.preset').nodePreset.setupFilesAfterEnv, '<rootDir>/test/support/events-from-now.ts'],
};
