// Shared Jest settings: @swc/jest compiles TypeScript (with Nest's decorator metadata) far faster than ts-jest.
const swcNode = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
const swcReact = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
const contractsSource = require('path').join(__dirname, 'contracts/src/index.ts');
const contractsEventsStreamSource = require('path').join(__dirname, 'contracts/src/events/events-stream.ts');
const contractsServiceKitSource = require('path').join(__dirname, 'contracts/src/service-kit/index.ts');
const contractsServiceKitTestingSource = require('path').join(__dirname, 'contracts/src/service-kit/testing/index.ts');
/** Every Pact consumer test waits for the mock server to record what it answered (see the file). */
const pactRequestsRecorded = require('path').join(__dirname, 'contracts/testing/pact-requests-recorded.js');

/** Node projects: services, the gateway, contracts. */
const nodePreset = {
  testEnvironment: 'node',
  setupFilesAfterEnv: [pactRequestsRecorded],
  transform: { '^.+\\.ts$': ['@swc/jest', swcNode] },
  moduleNameMapper: {
    '^@masar/contracts$': contractsSource,
    '^@masar/contracts/events-stream$': contractsEventsStreamSource,
    '^@masar/contracts/service-kit$': contractsServiceKitSource,
    '^@masar/contracts/service-kit/testing$': contractsServiceKitTestingSource,
  },
};

/** React projects: the shell and the remotes. */
const reactPreset = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: [pactRequestsRecorded],
  transform: { '^.+\\.(ts|tsx|js|jsx)$': ['@swc/jest', swcReact] },
  moduleNameMapper: { '^@masar/contracts$': contractsSource },
};

module.exports = { nodePreset, reactPreset, swcNode, swcReact };
