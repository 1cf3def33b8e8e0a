// A NATS server (with JetStream) of the benchmark's own, on a loopback port and a scratch folder.
// Services answer in queue groups, so on the shared NATS a `npm start`, a test run or another
// benchmark would share out the benchmark's requests to services reading other databases.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts `nats-server -js` on a free loopback port; resolves to `{url, stop}`, or to undefined when
 * no nats-server is on the PATH.
 */
async function startPrivateNats() {
  if (spawnSync('nats-server', ['--version'], { stdio: 'ignore' }).error) return undefined;
  const port = await freePort();
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'masar-bench-nats-'));
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => { clearTimeout(timer); resolve(); });
        child.kill('SIGTERM');
      });
    }
    fs.rmSync(storeDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the benchmark's own nats-server did not start on 127.0.0.1:${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `nats://127.0.0.1:${port}`, stop };
}

module.exports = { startPrivateNats };
