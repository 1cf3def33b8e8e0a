#!/usr/bin/env node
// Browser tests: starts the built platform on its own port against a fresh database, runs the
// Playwright specs in e2e/ with Jest, and always stops the platform afterwards.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { startPlatform, ROOT } = require('./platform');

async function main() {
  const port = process.env.E2E_PORT ?? '8090';
  const artifacts = path.join(ROOT, 'e2e/artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = fs.createWriteStream(path.join(artifacts, 'platform.log'));
  const platform = await startPlatform({
    recreateDatabase: true,
    log: (line) => logFile.write(`${line}\n`),
    env: {
      PORT: port,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_e2e',
      SESSION_KEY_PREFIX: `masar:e2e:${Date.now()}:sess:`,
      LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:e2e:${Date.now()}:login:`,
      LOG_LEVEL: 'info',
    },
  });
  let status;
  try {
    // Not spawnSync: this process must keep reading the platform's output while Jest runs, or the
    // services block once their stdout pipes fill.
    status = await new Promise((resolve) => {
      const jest = spawn(
        path.join(ROOT, 'node_modules/.bin/jest'),
        // Extra arguments go to Jest, e.g. `npm run test:e2e -- course-authoring` for one spec file.
        ['-c', path.join(ROOT, 'e2e/jest.config.js'), '--runInBand', ...process.argv.slice(2)],
        { cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: platform.baseUrl } },
      );
      jest.once('exit', (code) => resolve(code ?? 1));
      jest.once('error', () => resolve(1));
    });
  } finally {
    await platform.stop();
    logFile.end();
  }
  process.exit(status);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
