// Jest globalSetup: this remote's consumer pact is written by one spec per feature (agent tasks,
// quality, prompts), each adding its interactions to the same file; it is removed once before they run, so
// an interaction dropped from a spec leaves the contract too.
const { rmSync } = require('node:fs');
const path = require('node:path');

module.exports = async function removeThePactFile() {
  rmSync(path.resolve(__dirname, '../../contracts/pacts/masar-mf-agents-svc-gateway.json'), { force: true });
};
