#!/usr/bin/env node
// npm run bench:gateway
// GET /api/auth/user (signed in) through gateway -> NATS -> svc-identity, against the same lookup
// served in-process by one NestJS app (the gateway with identity's UsersService wired in directly,
// no NATS). Both servers run in their own processes; autocannon runs here. Each concurrency level
// is measured on both paths; one table shows them all.
//
// Why several levels: once the machine's cores are saturated, a request's latency is mostly its
// wait in the queue (Little's law: latency = connections / throughput), so the p99 added at a high
// level reflects the throughput gap rather than the cost of the hop itself. A low level shows the hop.
'use strict';
const { spawn } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { ensureDatabase, checkInfrastructure, ROOT } = require('../local/platform');
const { percentile } = require('./scale-load');

const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '1,10,20')
  .split(',')
  .map((level) => Number(level.trim()))
  .filter((level) => Number.isInteger(level) && level > 0);
// Each path is measured in ROUNDS slices of DURATION_S, alternating with the other path, and the
// slices are pooled: a slow spell of a shared, virtualised machine then falls on both paths alike.
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Long enough for V8 to optimise both servers at one connection (a few thousand requests).
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const RUN_ID = Date.now();
const THROUGHPUT_TARGET = 0.8;
const ADDED_P99_TARGET_MS = 2;

const env = {
  ...process.env,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_bench',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  SESSION_KEY_PREFIX: `masar:bench:${RUN_ID}:sess:`,
  LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:bench:${RUN_ID}:login:`,
  LOG_LEVEL: 'warn',
};

function startProcess(script, extraEnv) {
  const child = spawn(process.execPath, [script], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.output = () => output;
  return child;
}

async function waitFor(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

async function signInAsDemo(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/demo-login`, { method: 'POST' });
  if (!response.ok) throw new Error(`demo login failed at ${baseUrl}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.get('set-cookie');
  if (!cookie) throw new Error('demo login set no cookie');
  const sessionCookie = cookie.split(';')[0];
  const check = await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie: sessionCookie } });
  if (check.status !== 200) throw new Error(`GET /api/auth/user answered ${check.status} with the session`);
  return sessionCookie;
}

/** One autocannon run; latencies are kept to the microsecond (autocannon's own histogram rounds to 1 ms). */
function load(url, cookie, connections, durationS) {
  const latenciesMs = [];
  return new Promise((resolve, reject) => {
    const run = autocannon(
      { url: `${url}/api/auth/user`, connections, duration: durationS, headers: { cookie } },
      (error, result) => (error ? reject(error) : resolve({ result, latenciesMs })),
    );
    run.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode === 200) latenciesMs.push(responseTimeMs);
    });
  });
}

/** Warms both paths up at this level, then measures them in alternating rounds. */
async function measureLevel(paths, connections) {
  for (const { url, cookie } of paths) await load(url, cookie, connections, WARMUP_S);
  const pooled = paths.map(() => ({ requests: 0, latenciesMs: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, { name, url, cookie }] of paths.entries()) {
      const { result, latenciesMs } = await load(url, cookie, connections, DURATION_S);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
      }
      pooled[index].requests += result.requests.total;
      pooled[index].latenciesMs.push(...latenciesMs);
    }
  }
  return paths.map(({ name }, index) => {
    const sorted = pooled[index].latenciesMs.sort((a, b) => a - b);
    const total = pooled[index].requests;
    return { name, rps: total / (ROUNDS * DURATION_S), p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), total };
  });
}

const verdict = (met) => (met ? 'met' : 'MISSED');

async function stop(child) {
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000);
  });
}

async function main() {
  await checkInfrastructure(env);
  await ensureDatabase(env.DATABASE_URL, { recreate: true });
  const natsPort = 18081;
  const inProcessPort = 18082;
  const identity = startProcess(path.join(ROOT, 'svc-identity/dist/main.js'));
  const gateway = startProcess(path.join(ROOT, 'svc-gateway/dist/main.js'), { PORT: String(natsPort) });
  let inProcess;
  try {
    const natsUrl = `http://127.0.0.1:${natsPort}`;
    await waitFor(async () => (await fetch(`${natsUrl}/api/auth/demo-login`, { method: 'POST' })).ok, 'gateway + identity');
    inProcess = startProcess(path.join(__dirname, 'in-process-gateway.js'), { PORT: String(inProcessPort) });
    const inProcessUrl = `http://127.0.0.1:${inProcessPort}`;
    await waitFor(async () => (await fetch(`${inProcessUrl}/api/auth/demo-login`, { method: 'POST' })).ok, 'in-process app');

    const natsCookie = await signInAsDemo(natsUrl);
    const inProcessCookie = await signInAsDemo(inProcessUrl);
    console.log(
      `GET /api/auth/user signed in; per level and path: ${WARMUP_S} s warm-up, then ${ROUNDS} rounds of ${DURATION_S} s ` +
        `alternating with the other path; ` +
        `${os.availableParallelism()} cores shared by autocannon, the servers, NATS, Postgres and Redis\n`,
    );
    const rows = [];
    for (const connections of CONNECTION_LEVELS) {
      const [viaNats, direct] = await measureLevel(
        [
          { name: 'gateway -> NATS -> identity', url: natsUrl, cookie: natsCookie },
          { name: 'one NestJS app, in-process', url: inProcessUrl, cookie: inProcessCookie },
        ],
        connections,
      );
      const ratio = viaNats.rps / direct.rps;
      const addedP99 = viaNats.p99 - direct.p99;
      for (const r of [viaNats, direct]) {
        rows.push({ connections, path: r.name, 'req/s': r.rps.toFixed(0), 'p50 ms': r.p50.toFixed(2), 'p99 ms': r.p99.toFixed(2), requests: r.total });
      }
      rows.push({
        connections,
        path: `NATS vs in-process: throughput ${(ratio * 100).toFixed(1)}% (${verdict(ratio >= THROUGHPUT_TARGET)}), p99 +${addedP99.toFixed(2)} ms (${verdict(addedP99 <= ADDED_P99_TARGET_MS)})`,
      });
    }
    console.table(rows);
    console.log(`targets: throughput through NATS >= ${THROUGHPUT_TARGET * 100}% of in-process; p99 added by NATS <= ${ADDED_P99_TARGET_MS} ms`);
  } catch (error) {
    console.error(error.message);
    for (const [name, child] of [['identity', identity], ['gateway', gateway], ['in-process', inProcess]]) {
      if (child) console.error(`--- ${name} output ---\n${child.output().slice(-2000)}`);
    }
    process.exitCode = 1;
  } finally {
    await Promise.all([stop(inProcess), stop(gateway), stop(identity)]);
  }
}

main();
