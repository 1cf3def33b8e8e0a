// Jest settings for the shell and every remote: the repo's React preset, the jsdom
// environment with fetch, and the source aliases webpack uses.
const path = require('node:path');
const { reactPreset } = require('../../jest.preset');

const shellRoot = path.resolve(__dirname, '..');

/** @returns {import('jest').Config} */
function frontendJestConfig() {
  return {
    ...reactPreset,
    testEnvironment: path.join(__dirname, 'jest-environment.js'),
    roots: ['<rootDir>/src'],
    setupFiles: ['<rootDir>/src/test-setup.ts'],
    setupFilesAfterEnv: [...reactPreset.setupFilesAfterEnv, path.join(__dirname, 'jest-setup-after-env.ts')],
    // Once seen in CI-like runs: every test passed, then a jsdom timer kept Jest alive for minutes.
    // A finished run must never hang the pipeline.
    forceExit: true,
    // antd modals and forms render slowly in jsdom; on a busy 2-core machine, with the services' tests
    // running beside them, a user flow of several steps has been seen to pass 20 s (the people page's
    // deactivate-then-refuse flow). A real hang still fails, just later.
    testTimeout: 60_000,
    moduleNameMapper: {
      ...reactPreset.moduleNameMapper,
      // Jest runs CommonJS: these ES-module files have CommonJS twins under lib/.
      '^antd/es/(.*)$': 'antd/lib/$1',
      '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
      '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
      '^@masar/shell/runtime$': path.join(shellRoot, 'src/runtime/index.ts'),
      '^@masar/shell/testing$': path.join(shellRoot, 'testing/index.ts'),
    },
  };
}

module.exports = { frontendJestConfig };
