// Starts the whole Masar platform on this machine: every svc-* as its own Node process and the
// gateway serving /api plus the built front ends on one origin. Used by `npm start`, the browser
// tests and the benchmarks, so all three run exactly the same processes.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');
const { Client } = require('pg');
const { createClient } = require('redis');
const net = require('node:net');

const { startMasarNats } = require('./own-servers');

const ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['svc-identity', 'svc-jobs', 'svc-courses', 'svc-ai', 'svc-progress'];

const DEFAULTS = {
  PORT: '8080',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/masar',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

function withDefaults(env) {
  const merged = { ...process.env, ...env };
  for (const [key, value] of Object.entries(DEFAULTS)) if (!merged[key]) merged[key] = value;
  return merged;
}

/** Creates the platform's database when it is missing (CREATE DATABASE cannot run in a transaction). */
async function ensureDatabase(databaseUrl, { recreate = false } = {}) {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL names an unusual database "${name}"`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (recreate) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** Drops the database of `databaseUrl` (a test's or a benchmark's own), its open connections included. */
async function dropDatabase(databaseUrl) {
  const admin = new URL(databaseUrl);
  const name = decodeURIComponent(admin.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL names an unusual database "${name}"`);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

function tcpReachable(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    const done = (ok) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Fails early, with the command that fixes it, when Postgres, Redis or NATS is not running. */
async function checkInfrastructure(env) {
  const problems = [];
  const nats = new URL(env.NATS_URL.replace(/^(nats|tls):/, 'http:'));
  if (!(await tcpReachable(nats.hostname, nats.port || 4222))) {
    problems.push(`NATS is not reachable at ${env.NATS_URL}. Start it, or leave NATS_URL unset and Masar starts its own (it needs nats-server: apt-get install -y nats-server)`);
  }
  const redis = createClient({ url: env.REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1500 } });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    await redis.quit();
  } catch {
    problems.push(`Redis is not reachable at ${env.REDIS_URL}. Start it: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no`);
  }
  try {
    await ensureDatabase(env.DATABASE_URL);
  } catch (error) {
    problems.push(`PostgreSQL is not usable at ${env.DATABASE_URL} (${error.message}). Start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`);
  }
  const missingTools = NARRATION_TOOLS.filter((tool) => !commandExists(tool));
  if (missingTools.length > 0) {
    problems.push(`Lesson narration needs ${missingTools.join(' and ')}, which svc-ai runs as separate processes. Install them: apt-get install -y espeak-ng lame`);
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** The offline voice of lesson narration: espeak-ng speaks, lame encodes the MP3. */
const NARRATION_TOOLS = ['espeak-ng', 'lame'];

/** Whether `command` can be started from PATH (a missing one fails to spawn with ENOENT). */
function commandExists(command) {
  const result = spawnSync(command, ['--version'], { stdio: 'ignore', timeout: 5000 });
  return !(result.error && result.error.code === 'ENOENT');
}

function checkBuilt() {
  const missing = [...SERVICES, 'svc-gateway'].filter((name) => !fs.existsSync(path.join(ROOT, name, 'dist/main.js')));
  if (missing.length > 0) throw new Error(`Not built yet: ${missing.join(', ')}. Run: npm run build`);
}

/**
 * Starts every process. A process that dies is restarted (at most 5 times a minute), the way an
 * orchestrator would, so a crash shows up in the log instead of silently halving the platform.
 */
function startProcesses(env, { log }) {
  const children = new Map();
  let stopping = false;
  const restarts = new Map();

  function launch(name) {
    const child = spawn(process.execPath, [path.join(ROOT, name, 'dist/main.js')], {
      cwd: path.join(ROOT, name),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(name, child);
    const forward = (stream) => {
      let buffered = '';
      stream.on('data', (chunk) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) log(`[${name}] ${line}`);
      });
    };
    forward(child.stdout);
    forward(child.stderr);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      const recent = (restarts.get(name) ?? []).filter((t) => now - t < 60_000);
      log(`[platform] ${name} exited (${signal ?? code}); ${recent.length < 5 ? 'restarting' : 'giving up after 5 restarts in a minute'}`);
      if (recent.length < 5) {
        restarts.set(name, [...recent, now]);
        // Soon after a first crash (a service is back within about 2 s), slower if it keeps crashing.
        setTimeout(() => !stopping && launch(name), 200 * 2 ** recent.length);
      }
    });
  }

  for (const name of [...SERVICES, 'svc-gateway']) launch(name);

  return {
    children,
    async stop() {
      stopping = true;
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
              child.once('exit', () => { clearTimeout(timer); resolve(); });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

async function waitForHealth(baseUrl, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      const body = await response.json();
      if (response.ok && body.status === 'up') return body;
      last = JSON.stringify(body);
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The platform did not become healthy within ${timeoutMs / 1000} s: ${last}`);
}

/**
 * Masar's own NATS (deploy/nats/masar-nats.conf: a user per process, subject permissions, random
 * passwords made for this run), unless NATS_URL names one to use as it is (with the
 * MASAR_NATS_*_PASSWORD variables it needs). `nats.port`/`nats.storeDir` keep npm start's on a known
 * port with a lasting JetStream store; tests and benchmarks get a free port and a scratch store.
 */
async function startOwnNatsUnlessGiven(env, { port, storeDir } = {}, log) {
  if (env.NATS_URL) return undefined;
  const nats = await startMasarNats({ port, storeDir });
  Object.assign(env, nats.passwords, { NATS_URL: nats.url });
  log(`[platform] Masar's NATS (with authentication) is listening at ${nats.url}`);
  return nats;
}

/** Starts the platform and resolves once /api/health reports everything up. */
async function startPlatform({ env: overrides = {}, log = console.log, recreateDatabase = false, nats: natsOptions } = {}) {
  const env = withDefaults(overrides);
  checkBuilt();
  const nats = await startOwnNatsUnlessGiven(env, natsOptions, log);
  const stopNats = async () => nats?.dispose();
  try {
    await checkInfrastructure(env);
    if (recreateDatabase) await ensureDatabase(env.DATABASE_URL, { recreate: true });
  } catch (error) {
    await stopNats();
    throw error;
  }
  const processes = startProcesses(env, { log });
  const stop = async () => {
    await processes.stop();
    await stopNats();
  };
  const baseUrl = `http://localhost:${env.PORT}`;
  try {
    const health = await waitForHealth(baseUrl);
    return { baseUrl, health, env, nats, stop, children: processes.children };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startPlatform, ensureDatabase, dropDatabase, checkInfrastructure, ROOT, SERVICES };
