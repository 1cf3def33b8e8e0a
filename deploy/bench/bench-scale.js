#!/usr/bin/env node
// npm run bench:scale (issue 19, "Scale-out, measured"; needs a build: npm run build, and PostgreSQL).
//
// Not in containers: it runs the stack as processes on the machine it runs on and needs no Docker
// daemon. Each replica is the same `node svc-<name>/dist/main.js` its image runs (deploy/docker/Dockerfile),
// with the environment compose and Kubernetes give it: the process boundaries, ports, NATS users and
// shared Postgres/Redis are the containers', the isolation and resource limits of a container runtime are not.
//
// What it starts, all its own, on ports from BENCH_SCALE_BASE_PORT (18350) up:
// - a three-node NATS cluster (nats-server processes with cluster routes and JetStream on file
//   storage, each including deploy/nats/masar-nats.conf: Masar's users and permissions), with the
//   MASAR_EVENTS stream and the object-store buckets at three replicas, created from
//   deploy/k8s/dependencies/jetstream.yaml as NACK creates them in a cluster (the services keep an
//   existing stream or bucket as it is);
// - a Redis of its own, and the database masar_bench_scale on 127.0.0.1:5432 (dropped at the end);
// - svc-identity, svc-jobs, svc-courses, svc-ai, svc-progress and svc-gateway, one replica each, then
//   a second replica of each, started one at a time, each waited for on its own readiness probe
//   (PROBE_PORT, the gateway's /api/health/ready), each with its own log file.
// The load comes from this process: signed-in learners, a mix of catalog list, course detail, search,
// job descriptions, progress summary and lesson completions, sent round robin to the gateways (a
// refused connection is sent to the other gateway, as a load balancer does).
//
// It prints (a) throughput and p50/p99 at 1 and 2 replicas per service, at a bounded concurrency,
// and (b) under a bounded load, one replica of each service killed with SIGKILL in turn (the bench
// then starts it again, as an orchestrator would), and one NATS server killed (the one leading the
// events stream): time to recover, requests failed, and lesson completions lost or recorded twice
// (each completion the load sends is a learner and lesson of its own, so svc-progress must hold it
// exactly once). It exits 1 when a completion was lost or doubled. Every process it started is
// stopped on exit, on an error and on Ctrl-C.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { connect, nanos, RetentionPolicy, StorageType } = require('nats');
const { Client } = require('pg');
const YAML = require('yaml');
const { dropDatabase, ensureDatabase, ROOT, SERVICES } = require('../local/platform');
const { generateNatsPasswords, MASAR_NATS_CONFIG, OwnServer, startOwnRedis } = require('../local/own-servers');
const { printTable } = require('./bench-table');
const { completionAccounting, GatewayRoundRobin, recoveryAfter, sentBetween, summarise } = require('./scale-load');

const BASE_PORT = Number(process.env.BENCH_SCALE_BASE_PORT ?? 18350);
const NATS_NODES = 3;
const PORTS = {
  nats: (node) => BASE_PORT + node,
  route: (node) => BASE_PORT + 3 + node,
  monitor: (node) => BASE_PORT + 6 + node,
  redis: BASE_PORT + 9,
  gateway: (replica) => BASE_PORT + 10 + replica,
  probe: (serviceIndex, replica) => BASE_PORT + 20 + serviceIndex * 2 + replica,
};
const DATABASE_URL = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_bench_scale';
/** Table (a): connections kept busy, warm-up and measured seconds per replica count. */
const THROUGHPUT = {
  connections: Number(process.env.BENCH_SCALE_CONNECTIONS ?? 16),
  warmupS: Number(process.env.BENCH_SCALE_WARMUP_S ?? 10),
  durationS: Number(process.env.BENCH_SCALE_DURATION_S ?? 30),
};
/** Table (b): the bounded load during the faults, and how long a killed replica stays down. */
const FAULT_LOAD = {
  connections: Number(process.env.BENCH_SCALE_FAULT_CONNECTIONS ?? 4),
  ratePerSecond: Number(process.env.BENCH_SCALE_FAULT_RATE ?? 40),
  downMs: Number(process.env.BENCH_SCALE_DOWN_MS ?? 5000),
  settleMs: 3000,
};
const LEARNERS = 24;
/** Every completion reports this many seconds: svc-progress adds them up, so a row's seconds count its reports. */
const SECONDS_PER_COMPLETION = 37;
// Longer than any gateway waits for a service (NATS_REQUEST_TIMEOUT_MS at most 4.5 s, twice for a completion), so the gateway's own answer is seen.
const REQUEST_TIMEOUT_MS = 15_000;
/** Requests sent this long before a fault were most likely still in flight when it struck (p99 is below it): they are the fault's. */
const IN_FLIGHT_MS = 1000;
const START_TIMEOUT_MS = { 'svc-courses': 180_000, default: 90_000 };
const SEARCH_TERMS = ['sql', 'python', 'leadership', 'data analysis', 'cloud security', 'تحليل البيانات', 'project management'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'masar-bench-scale-'));
const loadAverage = () => os.loadavg()[0].toFixed(1);

/** Waits until `check` resolves truthy, at most `timeoutMs`; then fails with `what` and `detail()`. */
async function waitFor(what, timeoutMs, check, detail = () => '') {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result) return result;
    } catch (error) {
      lastError = error;
    }
    await sleep(200);
  }
  const why = lastError ? ` (last error: ${lastError.message})` : '';
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}${why}${detail()}`);
}

function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log yet)';
  }
}

// ---------------------------------------------------------------- processes

/** One replica of a service: `node <project>/dist/main.js`, its output in its own log file. */
class Replica {
  constructor(project, replica, env) {
    this.project = project;
    this.replica = replica;
    this.name = `${project} #${replica + 1}`;
    this.env = env;
    this.logFile = path.join(workDir, `${project}-${replica + 1}.log`);
    this.readyUrl =
      project === 'svc-gateway' ? `http://127.0.0.1:${env.PORT}/api/health/ready` : `http://127.0.0.1:${env.PROBE_PORT}/readyz`;
    this.child = undefined;
  }

  alive() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts it and resolves once its readiness probe answers 200. */
  async start() {
    const log = fs.openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, [path.join(ROOT, this.project, 'dist/main.js')], {
      cwd: path.join(ROOT, this.project),
      env: this.env,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    running.add(this);
    const child = this.child;
    const timeoutMs = START_TIMEOUT_MS[this.project] ?? START_TIMEOUT_MS.default;
    await waitFor(`${this.name} to be ready at ${this.readyUrl}`, timeoutMs, async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.name} exited (${child.signalCode ?? child.exitCode}) before it was ready; its log ${this.logFile}:\n${tail(this.logFile)}`);
      }
      const response = await fetch(this.readyUrl, { signal: AbortSignal.timeout(2000) });
      return response.ok;
    }, () => `; its log ${this.logFile}:\n${tail(this.logFile)}`).catch((error) => {
      // A replica that never became ready is not left running.
      this.stop('SIGKILL');
      throw error;
    });
  }

  /** Sends `signal` and resolves once the process has exited (SIGKILL after 10 s of SIGTERM). */
  stop(signal = 'SIGTERM') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        running.delete(this);
        resolve();
      });
      child.kill(signal);
    });
  }
}

/** Every process this bench started and has not seen exit: stopped on exit, error and Ctrl-C. */
const running = new Set();
/** The NATS and Redis servers, killed with this process if cleaning up could not stop them. */
const servers = [];
/** The load running now, stopped before anything else. */
let activeLoad;

/** A node of the NATS cluster: Masar's config, cluster routes to the other two, JetStream on file storage. */
function natsNode(node, passwords) {
  const routes = Array.from({ length: NATS_NODES }, (_, other) => `nats-route://127.0.0.1:${PORTS.route(other)}`);
  const storeDir = path.join(workDir, `nats-${node + 1}`);
  const configFile = path.join(workDir, `nats-${node + 1}.conf`);
  fs.writeFileSync(
    configFile,
    [
      `server_name: masar-bench-${node + 1}`,
      `listen: 127.0.0.1:${PORTS.nats(node)}`,
      `http: 127.0.0.1:${PORTS.monitor(node)}`,
      `jetstream { store_dir: ${JSON.stringify(storeDir)} }`,
      `cluster { name: masar-bench, listen: 127.0.0.1:${PORTS.route(node)}, routes: [${routes.join(', ')}] }`,
      // Included beside this file: nats-server resolves an include relative to the including file.
      'include ./masar-nats.conf',
      '',
    ].join('\n'),
  );
  const server = new OwnServer(`nats-server ${node + 1}`, 'nats-server', ['-c', configFile], PORTS.nats(node), storeDir, { ...process.env, ...passwords });
  server.node = node;
  server.serverName = `masar-bench-${node + 1}`;
  server.url = `nats://127.0.0.1:${PORTS.nats(node)}`;
  return server;
}

/** What a running node's monitoring port says of JetStream: the meta leader and each stream's leader. */
async function jetStreamView(node) {
  const response = await fetch(`http://127.0.0.1:${PORTS.monitor(node)}/jsz?accounts=true&streams=true`, { signal: AbortSignal.timeout(1000) });
  const body = await response.json();
  const streams = (body.account_details ?? []).flatMap((account) => account.stream_detail ?? []);
  return {
    metaLeader: body.meta_cluster?.leader,
    streams: Object.fromEntries(streams.map((stream) => [stream.name, stream.cluster ?? {}])),
  };
}

/** The stream and buckets NACK declares in a cluster (deploy/k8s/dependencies/jetstream.yaml), created as that file says. */
async function createDeclaredJetStreamAssets(natsUrl, passwords) {
  const declared = YAML.parseAllDocuments(fs.readFileSync(path.join(__dirname, '../k8s/dependencies/jetstream.yaml'), 'utf8')).map((doc) => doc.toJSON());
  // The gateway's user may manage MASAR_EVENTS and every bucket (deploy/nats/masar-nats.conf): no extra user is needed.
  const connection = await connect({ servers: natsUrl, user: 'svc-gateway', pass: passwords.MASAR_NATS_GATEWAY_PASSWORD, inboxPrefix: '_INBOX_svc-gateway' });
  const created = [];
  try {
    const manager = await connection.jetstreamManager();
    for (const { kind, spec } of declared) {
      if (kind === 'Stream') {
        await manager.streams.add({
          name: spec.name,
          subjects: spec.subjects,
          storage: spec.storage === 'file' ? StorageType.File : StorageType.Memory,
          retention: spec.retention === 'limits' ? RetentionPolicy.Limits : RetentionPolicy.Workqueue,
          num_replicas: spec.replicas,
        });
        created.push(`${spec.name} (R${spec.replicas})`);
      } else if (kind === 'ObjectStore') {
        await connection.jetstream().views.os(spec.bucket, { replicas: spec.replicas, ...(spec.ttl ? { ttl: nanos(durationMs(spec.ttl)) } : {}) });
        created.push(`${spec.bucket} (R${spec.replicas})`);
      }
    }
  } finally {
    await connection.close();
  }
  return created;
}

/** "1h", "30m", "45s" as milliseconds. */
function durationMs(text) {
  const match = /^(\d+)(h|m|s)$/.exec(String(text));
  if (!match) throw new Error(`jetstream.yaml: a duration "${text}" this bench cannot read`);
  return Number(match[1]) * { h: 3_600_000, m: 60_000, s: 1000 }[match[2]];
}

// ---------------------------------------------------------------- the platform

const PROJECTS = [...SERVICES, 'svc-gateway'];

function replicaEnv(common, project, replica) {
  const serviceIndex = PROJECTS.indexOf(project);
  // Replicas spread over the three NATS servers; each client learns the other two from the cluster.
  const natsNodeOf = (serviceIndex + replica) % NATS_NODES;
  const own = { NATS_URL: `nats://127.0.0.1:${PORTS.nats(natsNodeOf)}` };
  if (project === 'svc-gateway') own.PORT = String(PORTS.gateway(replica));
  else own.PROBE_PORT = String(PORTS.probe(serviceIndex, replica));
  return { ...common, ...own };
}

async function checkBuilt() {
  const missing = PROJECTS.filter((project) => !fs.existsSync(path.join(ROOT, project, 'dist/main.js')));
  if (missing.length > 0) throw new Error(`Not built yet: ${missing.join(', ')}. Run: npm run build`);
}

// ---------------------------------------------------------------- HTTP and the load

const agents = [];
function agentFor(gateway) {
  agents[gateway] ??= new http.Agent({ keepAlive: true, maxSockets: 64 });
  return agents[gateway];
}

/** One HTTP request to one gateway: resolves to {status, body}; status 0 when no answer came. */
function requestOnce(gateway, { method, path: urlPath, cookie, body }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORTS.gateway(gateway),
        method,
        path: urlPath,
        agent: agentFor(gateway),
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => resolve({ status: 0, error }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ status: 0, error }));
    request.end(payload);
  });
}

/** Sends a request to the gateways in round-robin order; a refused connection goes on to the next one. */
async function send(gateways, request) {
  let answer;
  for (const gateway of gateways.order()) {
    answer = await requestOnce(gateway, request);
    if (answer.status !== 0 || answer.error?.code !== 'ECONNREFUSED') return answer;
    gateways.refused(gateway);
  }
  return answer;
}

async function sendOk(gateways, request, what) {
  const answer = await send(gateways, request);
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text ?? answer.error?.message}`);
  return answer;
}

async function signIn(gateways, username, password) {
  const answer = await sendOk(gateways, { method: 'POST', path: '/api/auth/login', body: { username, password } }, `signing in as ${username}`);
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('masar.sid='));
  if (!cookie) throw new Error(`signing in as ${username} set no session cookie`);
  return cookie.split(';')[0];
}

/** The bench's learners (created by the admin, signed in) and the internal catalog's courses and lessons. */
async function prepareLearnersAndCatalog(gateways) {
  const admin = await signIn(gateways, 'admin', 'admin123');
  const runId = Date.now().toString(36);
  const learners = [];
  for (let index = 1; index <= LEARNERS; index++) {
    const username = `bench-scale-${runId}-${index}`;
    const password = `Bench-scale-${runId}-password`;
    const created = await sendOk(gateways, {
      method: 'POST',
      path: '/api/admin/users',
      cookie: admin,
      body: { username, password, firstName: 'Bench', lastName: `Learner ${index}`, email: `${username}@example.org` },
    }, `creating learner ${username}`);
    learners.push({ id: JSON.parse(created.text).user.id, cookie: await signIn(gateways, username, password) });
  }
  const internalSeeds = fs.readdirSync(path.join(ROOT, 'svc-courses/src/catalog/seed-data/internal')).filter((file) => file.endsWith('.json')).length;
  const list = await waitFor(`the ${internalSeeds} internal seed courses`, START_TIMEOUT_MS['svc-courses'], async () => {
    const answer = await send(gateways, { method: 'GET', path: '/api/courses?kind=internal&pageSize=100', cookie: learners[0].cookie });
    const body = answer.status === 200 ? JSON.parse(answer.text) : undefined;
    return body && body.total >= internalSeeds ? body : undefined;
  });
  const courses = [];
  for (const item of list.items) {
    const answer = await sendOk(gateways, { method: 'GET', path: `/api/courses/${item.id}`, cookie: learners[0].cookie }, `reading course ${item.id}`);
    const { course } = JSON.parse(answer.text);
    courses.push({ id: course.id, lessonIds: course.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id)) });
  }
  // Every (learner, lesson) pair once, interleaved so consecutive completions land on different learners and courses.
  const pairs = [];
  const lessons = courses.flatMap((course) => course.lessonIds.map((lessonId) => ({ courseId: course.id, lessonId })));
  for (let round = 0; round < lessons.length; round++) {
    for (const [index, learner] of learners.entries()) {
      const lesson = lessons[(round * 7 + index * 31) % lessons.length];
      pairs.push({ learner, ...lesson });
    }
  }
  const unique = [...new Map(pairs.map((pair) => [`${pair.learner.id}:${pair.lessonId}`, pair])).values()];
  return { learners, courses, completions: unique };
}

/** The mix one request in ten: 3 catalog lists, 2 course details, 1 search, 1 job descriptions, 1 progress summary, 2 lesson completions. */
const MIX = ['catalog list', 'course detail', 'lesson completion', 'catalog list', 'search', 'progress summary', 'course detail', 'catalog list', 'job descriptions', 'lesson completion'];

/** Makes the requests of the mix; lesson completions use each (learner, lesson) pair once. */
function mixedRequests({ learners, courses, completions }) {
  let turn = 0;
  let nextCompletion = 0;
  return {
    sent: [],
    next() {
      const kind = MIX[turn % MIX.length];
      const learner = learners[turn % learners.length];
      const course = courses[(turn * 13) % courses.length];
      turn++;
      switch (kind) {
        case 'catalog list':
          return { kind, method: 'GET', path: `/api/courses?pageSize=12&page=${1 + (turn % 4)}`, cookie: learner.cookie };
        case 'course detail':
          return { kind, method: 'GET', path: `/api/courses/${course.id}`, cookie: learner.cookie };
        case 'search':
          return { kind, method: 'GET', path: `/api/courses/search?q=${encodeURIComponent(SEARCH_TERMS[turn % SEARCH_TERMS.length])}`, cookie: learner.cookie };
        case 'job descriptions':
          return { kind, method: 'GET', path: '/api/job-descriptions', cookie: learner.cookie };
        case 'progress summary':
          return { kind, method: 'GET', path: '/api/progress', cookie: learner.cookie };
        default: {
          if (nextCompletion >= completions.length) throw new Error(`All ${completions.length} (learner, lesson) pairs are used: run shorter or with more learners`);
          const pair = completions[nextCompletion++];
          return {
            kind,
            method: 'POST',
            path: `/api/progress/lessons/${pair.lessonId}`,
            cookie: pair.learner.cookie,
            body: { courseId: pair.courseId, status: 'completed', secondsSpent: SECONDS_PER_COMPLETION },
            completion: { userId: pair.learner.id, lessonId: pair.lessonId },
          };
        }
      }
    },
  };
}

/**
 * Keeps `connections` requests in flight (at most `ratePerSecond` started a second when given) until
 * stopped; every answer is kept with when it was sent and answered, and every completion with its status.
 */
function startLoad(gateways, requests, { connections, ratePerSecond }) {
  const answers = [];
  let stopped = false;
  let failure;
  const startedAt = performance.now();
  let started = 0;
  const worker = async () => {
    while (!stopped) {
      if (ratePerSecond) {
        const dueAt = startedAt + (started / ratePerSecond) * 1000;
        started++;
        const wait = dueAt - performance.now();
        if (wait > 0) await sleep(wait);
        if (stopped) break;
      }
      const request = requests.next();
      const sentAt = performance.now();
      const answer = await send(gateways, request);
      const at = performance.now();
      answers.push({ kind: request.kind, sentAt, at, ms: at - sentAt, status: answer.status });
      if (request.completion) requests.sent.push({ ...request.completion, status: answer.status, sentAt, at });
    }
  };
  // A worker that fails (the completion pairs ran out) stops the whole load; stop() reports why.
  const workers = Array.from({ length: connections }, () =>
    worker().catch((error) => {
      failure ??= error;
      stopped = true;
    }),
  );
  const load = {
    answers,
    async stop() {
      stopped = true;
      await Promise.all(workers);
      if (activeLoad === load) activeLoad = undefined;
      if (failure) throw failure;
    },
  };
  activeLoad = load;
  return load;
}

// ---------------------------------------------------------------- the measurements

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const seconds = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : 'never');
const signedSeconds = (value) => {
  const rounded = Math.round(value / 10) / 100;
  return `${rounded >= 0 ? '+' : ''}${rounded.toFixed(2)} s`;
};

/** Table (a): one load at full concurrency, `durationS` measured after `warmupS`. */
async function measureThroughput(gateways, requests, replicas) {
  const loadAtStart = loadAverage();
  const load = startLoad(gateways, requests, { connections: THROUGHPUT.connections });
  await sleep(THROUGHPUT.warmupS * 1000);
  const from = performance.now();
  await sleep(THROUGHPUT.durationS * 1000);
  const to = performance.now();
  await load.stop();
  const measured = load.answers.filter((answer) => answer.sentAt >= from && answer.sentAt < to);
  const overall = summarise(measured, THROUGHPUT.durationS);
  const byKind = [...new Set(MIX)].map((kind) => ({ kind, ...summarise(measured.filter((answer) => answer.kind === kind), THROUGHPUT.durationS) }));
  return { replicas, overall, byKind, loadAtStart, loadAtEnd: loadAverage() };
}

async function main() {
  const startedAt = Date.now();
  await checkBuilt();
  const passwords = generateNatsPasswords();
  fs.copyFileSync(MASAR_NATS_CONFIG, path.join(workDir, 'masar-nats.conf'));
  console.log(`bench:scale: processes on this machine (no containers), logs in ${workDir}; load average ${loadAverage()} on ${os.availableParallelism()} cores`);

  // NATS cluster, each node waited for, then a meta leader, then the declared stream and buckets.
  const nodes = Array.from({ length: NATS_NODES }, (_, node) => natsNode(node, passwords));
  servers.push(...nodes);
  cleanups.push(async () => Promise.all(nodes.map((node) => node.dispose())));
  for (const node of nodes) await node.start(15_000);
  await waitFor('the NATS cluster to elect a JetStream meta leader', 30_000, async () => {
    const views = await Promise.all(nodes.map((node) => jetStreamView(node.node)));
    return views.every((view) => view.metaLeader) ? true : undefined;
  });
  const assets = await createDeclaredJetStreamAssets(nodes[0].url, passwords);
  console.log(`NATS cluster of ${NATS_NODES} (${nodes.map((node) => node.url).join(', ')}); JetStream: ${assets.join(', ')}`);

  const redis = await startOwnRedis({ port: PORTS.redis });
  servers.push(redis);
  cleanups.push(() => redis.dispose());
  await ensureDatabase(DATABASE_URL, { recreate: true });
  cleanups.push(() => dropDatabase(DATABASE_URL));

  const common = {
    ...process.env,
    ...passwords,
    REDIS_URL: redis.url,
    DATABASE_URL,
    LOG_LEVEL: 'warn',
    // The learners and an admin sign in from this one address.
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000',
  };
  const replicas = Object.fromEntries(PROJECTS.map((project) => [project, []]));
  const startReplica = async (project) => {
    const replica = new Replica(project, replicas[project].length, replicaEnv(common, project, replicas[project].length));
    const began = Date.now();
    await replica.start();
    replicas[project].push(replica);
    console.log(`  ${replica.name} ready in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  };

  console.log('Starting one replica of each service, one at a time:');
  for (const project of PROJECTS) await startReplica(project);
  const gateways = new GatewayRoundRobin(1);
  const data = await prepareLearnersAndCatalog(gateways);
  const requests = mixedRequests(data);
  const lessonCount = data.courses.reduce((sum, course) => sum + course.lessonIds.length, 0);
  console.log(`${data.learners.length} learners signed in; ${data.courses.length} internal courses, ${lessonCount} lessons, ${data.completions.length} (learner, lesson) pairs for completions`);

  const throughput = [];
  console.log(`\n(a) at 1 replica: ${THROUGHPUT.connections} connections, ${THROUGHPUT.warmupS} s warm-up, ${THROUGHPUT.durationS} s measured`);
  throughput.push(await measureThroughput(gateways, requests, 1));

  console.log('Starting the second replica of each service, one at a time:');
  for (const project of PROJECTS) await startReplica(project);
  const twoGateways = new GatewayRoundRobin(2);
  console.log(`(a) at 2 replicas: ${THROUGHPUT.connections} connections split over the two gateways`);
  throughput.push(await measureThroughput(twoGateways, requests, 2));

  // (b) Faults under a bounded load, each followed by the killed part coming back.
  console.log(`\n(b) faults under ${FAULT_LOAD.connections} connections at most ${FAULT_LOAD.ratePerSecond} requests/s; a killed replica stays down ${FAULT_LOAD.downMs / 1000} s`);
  const faultLoadAtStart = loadAverage();
  const load = startLoad(twoGateways, requests, FAULT_LOAD);
  await sleep(3000);
  const faults = [];
  for (const project of PROJECTS) {
    const victim = replicas[project][0];
    const faultAt = performance.now();
    await victim.stop('SIGKILL');
    await sleep(FAULT_LOAD.downMs);
    const restartAt = performance.now();
    await victim.start();
    const backMs = performance.now() - restartAt;
    await sleep(FAULT_LOAD.settleMs);
    faults.push({ fault: `${victim.name} SIGKILL`, faultAt, downUntil: restartAt, note: `#1 restarted after ${seconds(restartAt - faultAt)}, ready in ${seconds(backMs)}` });
    console.log(`  ${victim.name} killed and back`);
  }
  {
    const before = await jetStreamView(0);
    const leaderName = before.streams.MASAR_EVENTS?.leader;
    const victim = nodes.find((node) => node.serverName === leaderName) ?? nodes[0];
    const survivor = nodes.find((node) => node !== victim);
    const faultAt = performance.now();
    await victim.stop('SIGKILL');
    const leaderAgain = await waitFor('a new MASAR_EVENTS leader after a NATS server was killed', 30_000, async () => {
      const view = await jetStreamView(survivor.node);
      const leader = view.streams.MASAR_EVENTS?.leader;
      return leader && leader !== victim.serverName ? { leader, metaLeader: view.metaLeader, at: performance.now() } : undefined;
    });
    await sleep(FAULT_LOAD.downMs);
    const restartAt = performance.now();
    await victim.start(15_000);
    const caughtUp = await waitFor(`${victim.serverName} to catch up with the events stream`, 60_000, async () => {
      // Only the stream leader's view of its followers is up to date.
      const leaderName = (await jetStreamView(survivor.node)).streams.MASAR_EVENTS?.leader;
      const leader = nodes.find((node) => node.serverName === leaderName);
      const followers = leader ? ((await jetStreamView(leader.node)).streams.MASAR_EVENTS?.replicas ?? []) : [];
      return followers.length === NATS_NODES - 1 && followers.every((follower) => follower.current) ? performance.now() : undefined;
    });
    await sleep(FAULT_LOAD.settleMs);
    faults.push({
      fault: `NATS server ${victim.node + 1} SIGKILL (events stream leader)`,
      faultAt,
      downUntil: restartAt,
      leaderMs: leaderAgain.at - faultAt,
      note: `stream leader ${leaderName} -> ${leaderAgain.leader} in ${seconds(leaderAgain.at - faultAt)}; restarted after ${seconds(restartAt - faultAt)}, a current follower again ${seconds(caughtUp - restartAt)} later`,
    });
    console.log(`  NATS server ${victim.node + 1} killed and back`);
  }
  await load.stop();
  const loadEndedAt = performance.now();
  const faultLoadAtEnd = loadAverage();

  // Every completion the gateways accepted must reach svc-progress once: wait for the event consumers to catch up.
  const database = new Client({ connectionString: DATABASE_URL });
  await database.connect();
  cleanups.push(() => database.end());
  const userIds = data.learners.map((learner) => learner.id);
  const readRecorded = async () => {
    const { rows } = await database.query(
      "SELECT user_id, lesson_id, seconds_spent FROM progress.lesson_events WHERE kind = 'completed' AND user_id = ANY($1::uuid[])",
      [userIds],
    );
    return new Map(rows.map((row) => [`${row.user_id}:${row.lesson_id}`, row.seconds_spent]));
  };
  let recorded = await readRecorded();
  let stableSince = Date.now();
  const settleDeadline = Date.now() + 60_000;
  while (Date.now() < settleDeadline && Date.now() - stableSince < 5000) {
    await sleep(1000);
    const now = await readRecorded();
    if (now.size !== recorded.size) stableSince = Date.now();
    recorded = now;
    if (completionAccounting(requests.sent, recorded, SECONDS_PER_COMPLETION).lost === 0) break;
  }

  // ---- the tables
  console.log(`\n(a) Gateway throughput, the mix (${describeMix()}), ${THROUGHPUT.connections} connections, ${THROUGHPUT.durationS} s measured after ${THROUGHPUT.warmupS} s warm-up; ${os.availableParallelism()} cores shared by the load, every replica, NATS, Redis and Postgres:\n`);
  printTable(
    ['replicas per service', 'requests', 'req/s (ok)', 'p50 ms', 'p99 ms', 'failed', 'load avg (start → end)'],
    throughput.map((run) => [String(run.replicas), String(run.overall.requests), run.overall.perSecond.toFixed(1), ms(run.overall.p50), ms(run.overall.p99), String(run.overall.failed), `${run.loadAtStart} → ${run.loadAtEnd}`]),
  );
  console.log('');
  printTable(
    ['request', ...throughput.flatMap((run) => [`${run.replicas}r req/s`, `${run.replicas}r p50`, `${run.replicas}r p99`])],
    [...new Set(MIX)].map((kind) => [kind, ...throughput.flatMap((run) => {
      const row = run.byKind.find((entry) => entry.kind === kind);
      return [row.perSecond.toFixed(1), ms(row.p50), ms(row.p99)];
    })]),
  );

  // Each fault owns the requests sent from IN_FLIGHT_MS before it (those in flight when it struck) to as long before the next.
  const faultRows = faults.map((fault, index) => {
    const window = { from: fault.faultAt - IN_FLIGHT_MS, to: (faults[index + 1]?.faultAt ?? loadEndedAt) - IN_FLIGHT_MS };
    const sent = sentBetween(load.answers, window.from, window.to);
    const seen = recoveryAfter(load.answers, fault.faultAt, window);
    const recoveryMs = fault.leaderMs === undefined ? seen.recoveryMs : Math.max(seen.recoveryMs, fault.leaderMs);
    const completions = completionAccounting(sentBetween(requests.sent, window.from, window.to), recorded, SECONDS_PER_COMPLETION);
    // Measured, not assumed: what the survivors answered while the killed part was down.
    const answeredWhileDown = sentBetween(load.answers, fault.faultAt, fault.downUntil).filter((answer) => answer.status >= 200 && answer.status < 500).length;
    return { ...fault, sent, seen, recoveryMs, completions, answeredWhileDown };
  });
  const allCompletions = completionAccounting(requests.sent, recorded, SECONDS_PER_COMPLETION);
  console.log(`\n(b) Faults under a bounded load: ${FAULT_LOAD.connections} connections, at most ${FAULT_LOAD.ratePerSecond} requests/s of the same mix, 2 replicas of each service, 2 gateways (load avg ${faultLoadAtStart} → ${faultLoadAtEnd}):\n`);
  printTable(
    ['fault', 'time to recover', 'requests (failed)', 'failed requests', 'completions accepted', 'lost', 'doubled', 'refused (recorded anyway)', 'notes'],
    faultRows.map((row) => [
      row.fault,
      seconds(row.recoveryMs),
      `${row.sent.length} (${row.seen.failed})`,
      Object.entries(row.seen.failures).map(([what, count]) => `${count} × ${what}`).join(', ') || '-',
      String(row.completions.accepted),
      String(row.completions.lost),
      String(row.completions.doubled),
      `${row.completions.refused} (${row.completions.refusedButRecorded})`,
      [
        `${row.answeredWhileDown} answered while down`,
        ...(row.seen.failed > 0 ? [`failed ones sent ${signedSeconds(row.seen.failuresFromMs)} to ${signedSeconds(row.seen.failuresToMs)} from the kill`] : []),
        row.note,
      ].join('; '),
    ]),
  );
  console.log(
    `\nLesson completions over the whole run: ${requests.sent.length} sent, ${allCompletions.accepted} accepted, ${allCompletions.lost} lost, ${allCompletions.doubled} recorded twice; ` +
      `${allCompletions.refused} refused (${allCompletions.refusedButRecorded} of them recorded anyway). Target: 0 lost, 0 doubled. ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all.`,
  );
  if (allCompletions.lost > 0 || allCompletions.doubled > 0) process.exitCode = 1;
}

function describeMix() {
  const counts = MIX.reduce((all, kind) => ({ ...all, [kind]: (all[kind] ?? 0) + 1 }), {});
  return Object.entries(counts).map(([kind, count]) => `${count}/${MIX.length} ${kind}`).join(', ');
}

// ---------------------------------------------------------------- cleaning up

/** Stopped in reverse order after the load and the replicas: the database client, the database, Redis, NATS. */
const cleanups = [];
let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await activeLoad?.stop().catch(() => undefined);
    // Replicas before NATS, Redis and the database they use.
    await Promise.all([...running].map((replica) => replica.stop('SIGTERM')));
    for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch((error) => console.error(`cleaning up: ${error.message}`));
    for (const agent of agents) agent?.destroy();
    fs.rmSync(workDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// A process still running when this one exits (an error inside cleaning up) is killed with it.
process.on('exit', () => {
  for (const replica of running) if (replica.alive()) replica.child.kill('SIGKILL');
  for (const server of servers) if (server.running()) server.child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping every process the bench started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .catch((error) => {
    console.error(`\nbench:scale could not finish: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    const keepLogs = process.exitCode === 1 ? fs.mkdtempSync(path.join(os.tmpdir(), 'masar-bench-scale-logs-')) : undefined;
    if (keepLogs) {
      for (const file of fs.readdirSync(workDir).filter((name) => name.endsWith('.log'))) fs.copyFileSync(path.join(workDir, file), path.join(keepLogs, file));
      console.error(`The processes' logs: ${keepLogs}`);
    }
    await cleanUp();
  });
