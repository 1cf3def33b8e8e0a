#!/usr/bin/env node
// Browser tests, in two rounds, each against the built platform on its own port and a fresh database:
// e2e/*.e2e.spec.ts on the platform as installed (the offline AI provider), then
// e2e/with-model/*.e2e.spec.ts on one whose AI features use an OpenAI-compatible model: a fake one on
// loopback that takes its time (1.5 s a lesson) (so a background task can be watched, paused and cancelled) and
// answers lessons quoting its instructions (so a test sees which prompt the model was given).
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

const ROUNDS = [
  { name: 'offline', port: process.env.E2E_PORT ?? '8090', databaseSuffix: '', tests: ['--testPathIgnorePatterns', '/with-model/'] },
  { name: 'with-model', port: process.env.E2E_MODEL_PORT ?? '8091', databaseSuffix: '_model', tests: ['--roots', path.join(ROOT, 'e2e/with-model')] },
];

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

function runJest(platform, args) {
  return new Promise((resolve) => {
    const jest = spawn(
      path.join(ROOT, 'node_modules/.bin/jest'),
      ['-c', path.join(ROOT, 'e2e/jest.config.js'), '--runInBand', '--passWithNoTests', ...args, ...process.argv.slice(2)],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: platform.baseUrl,
          E2E_EMBED_HOST_PORT: EMBED_HOST_PORT,
          E2E_GATEWAY_INFRASTRUCTURE: gatewayInfrastructure(platform.env),
        },
      },
    );
    jest.once('exit', (code) => resolve(code ?? 1));
    jest.once('error', () => resolve(1));
  });
}

async function runRound(round, artifacts) {
  const logFile = fs.createWriteStream(path.join(artifacts, `platform-${round.name}.log`));
  const model = round.name === 'with-model' ? await startFakeModel({ delayMs: MODEL_LESSON_MS }) : undefined;
  const stamp = `${Date.now()}:${round.name}`;
  try {
    const platform = await startPlatform({
      recreateDatabase: true,
      log: (line) => logFile.write(`${line}\n`),
      env: {
        PORT: round.port,
        DATABASE_URL: `${process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_e2e'}${round.databaseSuffix}`,
        SESSION_KEY_PREFIX: `masar:e2e:${stamp}:sess:`,
        LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:e2e:${stamp}:login:`,
        LOG_LEVEL: 'info',
        EMBED_ALLOWED_ORIGINS: `http://127.0.0.1:${EMBED_HOST_PORT}`,
        ...(model ? { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'e2e-fake-model', OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'fake-model', OPENAI_VISION: 'true' } : {}),
      },
    });
    try {
      console.log(`\n=== browser tests, ${round.name} platform at ${platform.baseUrl}`);
      return await runJest(platform, round.tests);
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
  let status = 0;
  const chosen = process.env.E2E_ROUNDS?.split(',') ?? ROUNDS.map((round) => round.name);
  for (const round of ROUNDS.filter((candidate) => chosen.includes(candidate.name))) {
    const roundStatus = await runRound(round, artifacts);
    if (roundStatus !== 0) status = roundStatus;
  }
  process.exit(status);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
