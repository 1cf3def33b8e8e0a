#!/usr/bin/env node
// `npm test`: builds everything, type-checks and lints, runs every project's unit, integration and contract
// tests, then the browser tests. The services' tests run one project at a time (they share NATS subjects);
// the browser-side projects' tests (jsdom and Pact consumers, no NATS) run beside them (mf-progress's after
// the services', to even the two groups out), and the gateway's tests come last, once every remote's
// consumer tests have written this run's pact files, which the gateway's provider verification reads.
// Then odd input goes to every API operation of a platform of its own (deploy/faults/odd-input.js: no
// 5xx allowed, and a second learner calls them with the first one's ids), and the browser tests run last.
// The unit, integration and contract tests run on Masar's own NATS (deploy/nats/masar-nats.conf, started
// here on a free port with fresh passwords), so every test connects as the process whose part it plays,
// with only that process's subject permissions. A NATS_URL set in the environment is used as it is.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
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

/**
 * The projects whose tests need no NATS: contracts, the browser side, and deploy (the Kubernetes
 * manifests rendered with `kubectl kustomize` and validated).
 */
const BROWSER_SIDE_PROJECTS = ['contracts', 'shell', 'mf-jobroles', 'mf-courses', 'mf-agents', 'deploy'];
/** Services before the gateway, whose provider verification reads the remotes' fresh pact files. */
const SERVICE_PROJECTS = ['svc-ai', 'svc-courses', 'svc-identity', 'svc-progress', 'svc-jobs'];
/**
 * Browser-side projects whose tests run after the services', in the services' group, so the two groups
 * take about as long (in one CI run: the services 580 s and mf-progress 106 s, the other group 709 s).
 */
const AFTER_SERVICES_PROJECTS = ['mf-progress'];

/** Fails loudly when a project with a `test` target is in neither list, so no project's tests are left out. */
function checkEveryTestedProjectIsListed() {
  const fs = require('node:fs');
  const listed = new Set([...BROWSER_SIDE_PROJECTS, ...SERVICE_PROJECTS, ...AFTER_SERVICES_PROJECTS, 'svc-gateway']);
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true })) {
    const projectFile = path.join(ROOT, entry.name, 'project.json');
    if (!entry.isDirectory() || !fs.existsSync(projectFile)) continue;
    const project = JSON.parse(fs.readFileSync(projectFile, 'utf8'));
    if (project.targets?.test && !listed.has(project.name)) {
      throw new Error(`${project.name} has tests but deploy/local/run-tests.js lists it in no test group`);
    }
  }
}

/** Runs `command` without waiting, its lines prefixed; resolves to its exit status. */
function startStep(title, command, args, stepEnv = {}) {
  console.log(`\n=== ${title} (two groups at once): ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...env, ...stepEnv }, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`=== ${title} ${status === 0 ? 'passed' : 'failed'} after ${seconds} s`);
      resolve({ title, status: status ?? 1 });
    });
  });
}

/** The projects' Jest, one after another (each jest is that project's `test` target), as a shell command. */
function jestOf(projects) {
  return projects.map((project) => `cd ${JSON.stringify(path.join(ROOT, project))} && npx jest`).join(' && ');
}

/** The browser-side projects' tests. */
function browserSideTests() {
  return startStep('browser-side unit and contract tests', 'bash', ['-c', jestOf(BROWSER_SIDE_PROJECTS)]);
}

/** The services' tests one project at a time, then AFTER_SERVICES_PROJECTS'. */
function serviceTests(nx, natsEnv) {
  const services = [nx, 'run-many', '-t', 'test', '--parallel=1', '--outputStyle=stream', '-p', ...SERVICE_PROJECTS].map((part) => JSON.stringify(part)).join(' ');
  return startStep(`services' unit, integration and contract tests, then ${AFTER_SERVICES_PROJECTS.join(', ')}'`, 'bash', ['-c', `${services} && ${jestOf(AFTER_SERVICES_PROJECTS)}`], natsEnv);
}

async function main() {
  const nx = path.join(ROOT, 'node_modules/.bin/nx');
  checkEveryTestedProjectIsListed();
  step('build', nx, ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=stream']);
  step('lint', nx, ['run-many', '-t', 'lint', '--parallel=2', '--outputStyle=stream']);
  step('lint of the scripts and browser tests', 'npm', ['run', 'lint:scripts']);
  step('copy-paste check across contracts and the services', 'npm', ['run', 'lint:copies']);
  const nats = await testNats();
  try {
    const groups = await Promise.all([
      serviceTests(nx, nats.env),
      browserSideTests(),
    ]);
    const failed = groups.find((group) => group.status !== 0);
    if (failed) throw new StepFailed(failed.title, failed.status);
    step('gateway\'s unit, integration and contract tests', nx, ['run-many', '-t', 'test', '--outputStyle=stream', '-p', 'svc-gateway'], nats.env);
  } finally {
    await nats.stop();
  }
  step("odd input to every API operation (no 5xx), and no learner reaches another's things", process.execPath, [path.join(ROOT, 'deploy/faults/odd-input.js')]);
  step('browser tests', process.execPath, [path.join(__dirname, 'run-e2e.js')]);
  console.log('\nAll test stages passed.');
}

main().catch((error) => {
  if (!(error instanceof StepFailed)) console.error(error);
  process.exit(error instanceof StepFailed ? error.status : 1);
});
