// A NATS server (with JetStream) of the benchmark's own, on a loopback port and a scratch folder.
// Services answer in queue groups, so on the shared NATS a `npm start`, a test run or another
// benchmark would share out the benchmark's requests to services reading other databases.
'use strict';
const { spawnSync } = require('node:child_process');
const { startOwnNats } = require('../local/own-servers');

/**
 * Starts `nats-server -js` on a free loopback port; resolves to `{url, stop}`, or to undefined when
 * no nats-server is on the PATH.
 */
async function startPrivateNats() {
  if (spawnSync('nats-server', ['--version'], { stdio: 'ignore' }).error) return undefined;
  const server = await startOwnNats();
  return { url: server.url, stop: () => server.dispose() };
}

module.exports = { startPrivateNats };
