#!/usr/bin/env node
// `npm test`: builds everything, type-checks and lints, runs every project's unit, integration and contract
// tests (one project at a time: they share the machine's NATS subjects), then the browser tests.
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };

function step(title, command, args) {
  const started = Date.now();
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.error(`\n=== ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${title} passed in ${seconds} s`);
}

const nx = path.join(ROOT, 'node_modules/.bin/nx');
step('build', nx, ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=stream']);
step('lint', nx, ['run-many', '-t', 'lint', '--parallel=2', '--outputStyle=stream']);
step('lint of the scripts and browser tests', 'npm', ['run', 'lint:scripts']);
step('copy-paste check across contracts and the services', 'npm', ['run', 'lint:copies']);
step('unit, integration and contract tests', nx, ['run-many', '-t', 'test', '--parallel=1', '--outputStyle=stream']);
step('browser tests', process.execPath, [path.join(__dirname, 'run-e2e.js')]);
console.log('\nAll test stages passed.');
