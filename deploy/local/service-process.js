// A service running as its own Node process from its build, as in production: for integration
// tests that need another service for real (the gateway needs svc-identity, svc-courses svc-ai).
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');

/**
 * Starts `<repo>/<project>/dist/main.js` with `env` and resolves once it logs "<project> is
 * listening". Every line it prints is kept in `lines`; `stop()` ends it with SIGTERM, `kill()` with SIGKILL.
 */
async function startBuiltService(project, env, { startTimeoutMs = 20_000 } = {}) {
  const entry = path.resolve(__dirname, '../..', project, 'dist/main.js');
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const collect = (chunk) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      // Not left running behind a failed start.
      child.kill('SIGKILL');
      reject(new Error(`${project} did not start:\n${lines.join('\n')}`));
    }, startTimeoutMs);
    const poll = setInterval(() => {
      if (lines.some((line) => line.includes(`${project} is listening`))) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`${project} exited with ${code}:\n${lines.join('\n')}`));
    });
  });
  return {
    lines,
    /** How it ended (`{code, signal}`), once it has. */
    exited,
    /** Ends it at once with SIGKILL, as a crash or `kill -9` would: nothing of it runs on. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

module.exports = { startBuiltService };
