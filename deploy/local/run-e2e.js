#!/usr/bin/env node
// Browser tests, in two rounds, each against the built platform on its own port and a fresh database:
// e2e/*.e2e.spec.ts on the platform as installed (the offline AI provider), then
// e2e/with-model/*.e2e.spec.ts on one whose AI features use an OpenAI-compatible model: a fake one on
// loopback that takes its time (1.5 s a lesson) (so a background task can be watched, paused and cancelled) and
// answers lessons quoting its instructions (so a test sees which prompt the model was given).
// The offline round is split into E2E_SHARDS shards (2 by default; 1 when Jest is given arguments) of
// about equal length (e2e/support/balanced-sequencer.js), run side by side, each against a platform of
// its own (port, database, NATS, session and queue keys): one spec waiting on its platform leaves the
// other core to the other shard. The with-model round follows whichever shard ends first.
// Each platform is always stopped afterwards. Arguments go to Jest in both rounds; E2E_ROUNDS=with-model
// (or offline) runs one round only.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { startFakeModel } = require('../faults/fake-model');
const { startPlatform, ROOT } = require('./platform');

/** How long the fake model takes to write one lesson. */
const MODEL_LESSON_MS = 1500;

/** The foreign site of the embed browser test (e2e/embed.e2e.spec.ts): allowed to frame /embed/*; the next port is not. */
const EMBED_HOST_PORT = process.env.E2E_EMBED_HOST_PORT ?? '8092';

const BASE_PORT = Number(process.env.E2E_PORT ?? '8090');
const MODEL_PORT = process.env.E2E_MODEL_PORT ?? '8091';
/** Shard k's platform and embedding site sit this many ports above the first shard's. */
const SHARD_PORT_STEP = 4;

const jestArguments = process.argv.slice(2);
const SHARDS = Number(process.env.E2E_SHARDS ?? (jestArguments.length > 0 ? 1 : 2));
if (!Number.isInteger(SHARDS) || SHARDS < 1 || SHARDS > 4) throw new Error(`E2E_SHARDS must be a whole number from 1 to 4, not "${process.env.E2E_SHARDS}"`);

/** Shard `index` (0-based) of the offline round: everything its platform owns (port, embedding site, database). */
function offlineRound(index) {
  const sharded = SHARDS > 1;
  return {
    name: 'offline',
    label: sharded ? `offline ${index + 1}/${SHARDS}` : 'offline',
    port: String(BASE_PORT + index * SHARD_PORT_STEP),
    embedHostPort: String(Number(EMBED_HOST_PORT) + index * SHARD_PORT_STEP),
    databaseSuffix: index === 0 ? '' : `_shard${index + 1}`,
    tests: ['--testPathIgnorePatterns', '/with-model/', ...(sharded ? [`--shard=${index + 1}/${SHARDS}`] : [])],
  };
}

const MODEL_ROUND = {
  name: 'with-model',
  label: 'with-model',
  port: MODEL_PORT,
  embedHostPort: EMBED_HOST_PORT,
  databaseSuffix: '_model',
  tests: ['--roots', path.join(ROOT, 'e2e/with-model')],
};

/**
 * Where the platform's gateway finds NATS (with its password), Redis and PostgreSQL: a browser test that
 * starts a gateway of its own (e2e/remote-versions.e2e.spec.ts) joins the same services with it.
 */
function gatewayInfrastructure(env) {
  return JSON.stringify({
    NATS_URL: env.NATS_URL,
    MASAR_NATS_GATEWAY_PASSWORD: env.MASAR_NATS_GATEWAY_PASSWORD ?? '',
    REDIS_URL: env.REDIS_URL,
    DATABASE_URL: env.DATABASE_URL,
  });
}

/** Writes a child's output line by line, each line prefixed with its lane, so side-by-side output stays readable. */
function prefixLines(stream, target, prefix) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) target.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending) target.write(`${prefix}${pending}\n`);
  });
}

function runJest(platform, round, prefix) {
  return new Promise((resolve) => {
    const jest = spawn(
      path.join(ROOT, 'node_modules/.bin/jest'),
      ['-c', path.join(ROOT, 'e2e/jest.config.js'), '--runInBand', '--passWithNoTests', ...round.tests, ...jestArguments],
      {
        cwd: ROOT,
        stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: platform.baseUrl,
          E2E_EMBED_HOST_PORT: round.embedHostPort,
          E2E_GATEWAY_INFRASTRUCTURE: gatewayInfrastructure(platform.env),
        },
      },
    );
    if (prefix) {
      prefixLines(jest.stdout, process.stdout, prefix);
      prefixLines(jest.stderr, process.stderr, prefix);
    }
    jest.once('close', (code) => resolve(code ?? 1));
    jest.once('error', () => resolve(1));
  });
}

/**
 * Platforms start one at a time: a dozen Node processes booting at once on a small machine can
 * outlast the health wait; once one is up, the next starts while the first one's tests run.
 */
let platformStarts = Promise.resolve();
function startInTurn(start) {
  const started = platformStarts.then(start);
  platformStarts = started.catch(() => undefined);
  return started;
}

async function runRound(round, artifacts, prefix) {
  const slug = round.label.replace(/\W+/g, '-');
  const logFile = fs.createWriteStream(path.join(artifacts, `platform-${slug}.log`));
  const model = round.name === 'with-model' ? await startFakeModel({ delayMs: MODEL_LESSON_MS }) : undefined;
  const stamp = `${Date.now()}:${slug}`;
  try {
    const platform = await startInTurn(() => startPlatform({
      recreateDatabase: true,
      log: (line) => logFile.write(`${line}\n`),
      env: {
        PORT: round.port,
        DATABASE_URL: `${process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_e2e'}${round.databaseSuffix}`,
        SESSION_KEY_PREFIX: `masar:e2e:${stamp}:sess:`,
        LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:e2e:${stamp}:login:`,
        LOG_LEVEL: 'info',
        EMBED_ALLOWED_ORIGINS: `http://127.0.0.1:${round.embedHostPort}`,
        ...(model ? { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'e2e-fake-model', OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'fake-model', OPENAI_VISION: 'true' } : {}),
      },
    }));
    try {
      console.log(`\n=== browser tests, ${round.label} platform at ${platform.baseUrl}`);
      const started = Date.now();
      const status = await runJest(platform, round, prefix);
      console.log(`=== browser tests, ${round.label}: ${status === 0 ? 'passed' : 'failed'} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return status;
    } finally {
      await platform.stop();
    }
  } finally {
    await model?.stop();
    logFile.end();
  }
}

async function main() {
  const artifacts = path.join(ROOT, 'e2e/artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  const chosen = process.env.E2E_ROUNDS?.split(',') ?? ['offline', 'with-model'];
  const offline = chosen.includes('offline') ? Array.from({ length: SHARDS }, (_, index) => offlineRound(index)) : [];
  const withModel = chosen.includes('with-model');
  const sideBySide = offline.length + (withModel ? 1 : 0) > 1;
  // A platform that fails to start fails its round; the other rounds finish and stop their own.
  const run = (round) =>
    runRound(round, artifacts, sideBySide ? `[${round.label}] ` : '').catch((error) => {
      console.error(`\n=== browser tests, ${round.label}: ${error.message}`);
      return 1;
    });
  const offlineRuns = offline.map(run);
  // The with-model round follows whichever offline shard ends first, on the core that shard leaves.
  const modelRun = withModel ? (offlineRuns.length > 0 ? Promise.race(offlineRuns) : Promise.resolve()).then(() => run(MODEL_ROUND)) : Promise.resolve(0);
  const statuses = await Promise.all([...offlineRuns, modelRun]);
  process.exit(statuses.find((status) => status !== 0) ?? 0);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
