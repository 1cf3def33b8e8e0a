#!/usr/bin/env node
// `npm test`: builds everything, type-checks and lints, runs every project's unit, integration and contract
// tests (one project at a time: they share NATS subjects), then the browser tests.
// The unit, integration and contract tests run on Masar's own NATS (deploy/nats/masar-nats.conf, started
// here on a free port with fresh passwords), so every test connects as the process whose part it plays,
// with only that process's subject permissions. A NATS_URL set in the environment is used as it is.
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { startMasarNats } = require('./own-servers');

const ROOT = path.resolve(__dirname, '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };

/** A step that failed: `main` exits with its status once what it started is stopped. */
class StepFailed extends Error {
  constructor(title, status) {
    super(`${title} failed`);
    this.status = status;
  }
}

function step(title, command, args, stepEnv = {}) {
  const started = Date.now();
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, env: { ...env, ...stepEnv }, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.error(`\n=== ${title} failed after ${seconds} s`);
    throw new StepFailed(title, result.status ?? 1);
  }
  console.log(`=== ${title} passed in ${seconds} s`);
}

/**
 * The NATS of the unit, integration and contract tests: Masar's own, with NATS_URL and the
 * MASAR_NATS_* passwords for that step's environment only (the browser tests' platform starts its
 * own), or the one NATS_URL names.
 */
async function testNats() {
  if (process.env.NATS_URL) {
    console.log(`\n=== tests use the NATS at ${process.env.NATS_URL} (NATS_URL), as it is`);
    return { env: {}, stop: async () => {} };
  }
  const nats = await startMasarNats();
  console.log(`\n=== Masar's NATS for the tests: ${nats.url}`);
  return { env: { NATS_URL: nats.url, ...nats.passwords }, stop: () => nats.dispose() };
}

async function main() {
  const nx = path.join(ROOT, 'node_modules/.bin/nx');
  step('build', nx, ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=stream']);
  step('lint', nx, ['run-many', '-t', 'lint', '--parallel=2', '--outputStyle=stream']);
  step('lint of the scripts and browser tests', 'npm', ['run', 'lint:scripts']);
  step('copy-paste check across contracts and the services', 'npm', ['run', 'lint:copies']);
  const nats = await testNats();
  try {
    step('unit, integration and contract tests', nx, ['run-many', '-t', 'test', '--parallel=1', '--outputStyle=stream'], nats.env);
  } finally {
    await nats.stop();
  }
  step('browser tests', process.execPath, [path.join(__dirname, 'run-e2e.js')]);
  console.log('\nAll test stages passed.');
}

main().catch((error) => {
  if (!(error instanceof StepFailed)) console.error(error);
  process.exit(error instanceof StepFailed ? error.status : 1);
});
