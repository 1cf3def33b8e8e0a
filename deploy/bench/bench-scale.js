#!/usr/bin/env node
// npm run bench:scale (issue 19, "Scale-out, measured").
//
// The stack runs in one of two runtimes, the only part that differs between them:
// - containers (scale-containers.js) when a Docker engine answers the `docker` command, or when
//   BENCH_SCALE_RUNTIME=containers: the per-service images, a three-node NATS cluster, Redis and
//   PostgreSQL in containers, each service container as its Kubernetes pod runs it;
// - processes (scale-processes.js) otherwise, or when BENCH_SCALE_RUNTIME=processes: the same
//   dist/main.js as processes on this machine (needs a build, nats-server, redis-server and PostgreSQL);
//   the first line it prints says so.
// Either way, on host ports from BENCH_SCALE_BASE_PORT (18350) up:
// - a three-node NATS cluster (cluster routes, JetStream on file storage, Masar's users and permissions
//   from deploy/nats/masar-nats.conf), with the MASAR_EVENTS stream and the object-store buckets at
//   three replicas, created from deploy/k8s/dependencies/jetstream.yaml as NACK creates them in a
//   cluster (the services keep an existing stream or bucket as it is);
// - Redis and the database masar_bench_scale (gone at the end);
// - svc-identity, svc-jobs, svc-courses, svc-ai, svc-progress and svc-gateway, one replica each, then
//   a second replica of each, started one at a time, each waited for on its own readiness probe
//   (PROBE_PORT's /readyz, the gateway's /api/health/ready).
// The load comes from this process (scale-load.js does its arithmetic): signed-in learners, a mix of
// catalog list, course detail, search, job descriptions, progress summary and lesson completions, sent
// round robin to the gateways (a refused connection is sent to the other gateway, and a restarted
// gateway takes requests again once ready, as a load balancer does).
//
// It prints (a) throughput and p50/p99 at 1 and 2 replicas per service, at a bounded concurrency,
// and (b) under a bounded load, one replica of each service killed with SIGKILL in turn (the bench
// then starts it again, as an orchestrator would), and NATS servers killed (one a gateway is connected
// to that does not lead the events stream, when there is one, then the one leading it): time to
// recover, requests failed, and lesson completions lost or recorded twice (each completion the load
// sends is a learner and lesson of its own, so svc-progress must hold it exactly once). It exits 1
// when a completion was lost or doubled. Everything it started is stopped and removed on exit, on an
// error and on Ctrl-C.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { ROOT } = require('../local/platform');
const { generateNatsPasswords } = require('../local/own-servers');
const { printTable } = require('./bench-table');
const { ContainerRuntime, dockerEngineVersion } = require('./scale-containers');
const { ProcessRuntime } = require('./scale-processes');
const { completionAccounting, GatewayRoundRobin, recoveryAfter, sentBetween, summarise } = require('./scale-load');
const { createDeclaredJetStreamAssets, jetStreamView, NATS_NODES, PROJECTS, portsFrom, sleep, START_TIMEOUT_MS, waitFor } = require('./scale-stack');

const PORTS = portsFrom(Number(process.env.BENCH_SCALE_BASE_PORT ?? 18350));
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
const SEARCH_TERMS = ['sql', 'python', 'leadership', 'data analysis', 'cloud security', 'تحليل البيانات', 'project management'];

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'masar-bench-scale-'));
const loadAverage = () => os.loadavg()[0].toFixed(1);

/** The runtime the stack runs in: containers when a Docker engine answers (or when asked for), processes otherwise. */
function chooseRuntime() {
  const asked = process.env.BENCH_SCALE_RUNTIME;
  if (asked !== undefined && asked !== 'containers' && asked !== 'processes') {
    throw new Error(`BENCH_SCALE_RUNTIME must be containers or processes, not "${asked}"`);
  }
  if (asked === 'processes') return { runtime: new ProcessRuntime({ ports: PORTS, workDir }), why: 'BENCH_SCALE_RUNTIME=processes' };
  const engineVersion = dockerEngineVersion();
  if (engineVersion) return { runtime: new ContainerRuntime({ ports: PORTS, workDir, engineVersion }), why: asked ? 'BENCH_SCALE_RUNTIME=containers' : 'a Docker engine answered' };
  if (asked === 'containers') throw new Error('BENCH_SCALE_RUNTIME=containers, but no Docker engine answered `docker version`');
  return { runtime: new ProcessRuntime({ ports: PORTS, workDir }), why: 'no Docker engine answered `docker version`, so not in containers' };
}

/** The stack's runtime (set in main), stopped and cleaned up after the load. */
let runtime;
/** The load running now, stopped before anything else. */
let activeLoad;

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
  const admin = await signIn(gateways, 'admin', runtime.adminPassword);
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

/** A NATS node that a gateway (connection name svc-gateway) is connected to and that is not `leaderName`, from the nodes' /connz. */
async function natsNodeServingGateway(nodes, leaderName) {
  for (const node of nodes) {
    if (node.serverName === leaderName) continue;
    const response = await fetch(`${node.monitorUrl}/connz?limit=1024`, { signal: AbortSignal.timeout(1000) });
    const { connections = [] } = await response.json();
    if (connections.some((connection) => connection.name === 'svc-gateway')) return node;
  }
  return undefined;
}

async function main() {
  const startedAt = Date.now();
  const chosen = chooseRuntime();
  runtime = chosen.runtime;
  console.log(`bench:scale: ${runtime.description} (${chosen.why}); load average ${loadAverage()} on ${os.availableParallelism()} cores`);
  await runtime.prepare();
  const passwords = generateNatsPasswords();

  // NATS cluster, each node waited for, then a meta leader, then the declared stream and buckets.
  const nodes = runtime.natsNodes(passwords);
  for (const node of nodes) await node.start();
  await waitFor('the NATS cluster to elect a JetStream meta leader', 30_000, async () => {
    const views = await Promise.all(nodes.map((node) => jetStreamView(node.monitorUrl)));
    return views.every((view) => view.metaLeader) ? true : undefined;
  });
  const assets = await createDeclaredJetStreamAssets(nodes[0].url, passwords);
  console.log(`NATS cluster of ${NATS_NODES} (${nodes.map((node) => node.url).join(', ')}); JetStream: ${assets.join(', ')}`);
  await runtime.startRedisAndPostgres();

  const settings = {
    LOG_LEVEL: 'warn',
    // The learners and an admin sign in from this one address.
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000',
  };
  const replicas = Object.fromEntries(PROJECTS.map((project) => [project, []]));
  const startReplica = async (project) => {
    const index = replicas[project].length;
    // Replicas spread over the three NATS servers; each client learns the other two from the cluster.
    const natsNode = (PROJECTS.indexOf(project) + index) % NATS_NODES;
    const replica = runtime.replica(project, index, { passwords, settings }, natsNode);
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
    await victim.kill();
    await sleep(FAULT_LOAD.downMs);
    const restartAt = performance.now();
    // A load balancer sends to a restarted gateway once it is ready (a container's published port accepts before that).
    if (project === 'svc-gateway') twoGateways.hold(0);
    await victim.start();
    twoGateways.release(0);
    const backMs = performance.now() - restartAt;
    await sleep(FAULT_LOAD.settleMs);
    faults.push({ fault: `${victim.name} SIGKILL`, faultAt, downUntil: restartAt, note: `#1 restarted after ${seconds(restartAt - faultAt)}, ready in ${seconds(backMs)}` });
    console.log(`  ${victim.name} killed and back`);
  }
  {
    // The NATS server a gateway is connected to, when it does not lead the events stream: that gateway
    // must move to another server (a connection attempt gives up after 3 s, a silent server is noticed
    // by its pings) while the other gateway answers on. Left out when no such server exists.
    const leaderName = (await jetStreamView(nodes[0].monitorUrl)).streams.MASAR_EVENTS?.leader;
    const victim = await natsNodeServingGateway(nodes, leaderName);
    if (victim) {
      const faultAt = performance.now();
      await victim.kill();
      await sleep(FAULT_LOAD.downMs);
      const restartAt = performance.now();
      await victim.start();
      const answering = await waitFor(`${victim.serverName} to answer again`, 30_000, async () =>
        (await fetch(`${victim.monitorUrl}/healthz`, { signal: AbortSignal.timeout(1000) })).ok ? performance.now() : undefined,
      );
      await sleep(FAULT_LOAD.settleMs);
      faults.push({
        fault: `NATS server ${victim.node + 1} SIGKILL (a gateway's own, not the stream leader)`,
        faultAt,
        downUntil: restartAt,
        note: `restarted after ${seconds(restartAt - faultAt)}, answering ${seconds(answering - restartAt)} later`,
      });
      console.log(`  NATS server ${victim.node + 1} (a gateway's) killed and back`);
    } else {
      console.log('  every gateway is connected to the events stream leader: the fault of a gateway\'s own NATS server is left out');
    }
  }
  {
    const before = await jetStreamView(nodes[0].monitorUrl);
    const leaderName = before.streams.MASAR_EVENTS?.leader;
    const victim = nodes.find((node) => node.serverName === leaderName) ?? nodes[0];
    const survivor = nodes.find((node) => node !== victim);
    const faultAt = performance.now();
    await victim.kill();
    const leaderAgain = await waitFor('a new MASAR_EVENTS leader after a NATS server was killed', 30_000, async () => {
      const view = await jetStreamView(survivor.monitorUrl);
      const leader = view.streams.MASAR_EVENTS?.leader;
      return leader && leader !== victim.serverName ? { leader, metaLeader: view.metaLeader, at: performance.now() } : undefined;
    });
    await sleep(FAULT_LOAD.downMs);
    const restartAt = performance.now();
    await victim.start();
    const caughtUp = await waitFor(`${victim.serverName} to catch up with the events stream`, 60_000, async () => {
      // Only the stream leader's view of its followers is up to date.
      const leaderName = (await jetStreamView(survivor.monitorUrl)).streams.MASAR_EVENTS?.leader;
      const leader = nodes.find((node) => node.serverName === leaderName);
      const followers = leader ? ((await jetStreamView(leader.monitorUrl)).streams.MASAR_EVENTS?.replicas ?? []) : [];
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
  const database = new Client({ connectionString: runtime.databaseUrl });
  await database.connect();
  databaseClient = database;
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

/** The accounting's database connection, closed before the stack goes. */
let databaseClient;
let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await activeLoad?.stop().catch(() => undefined);
    await databaseClient?.end().catch(() => undefined);
    await runtime?.cleanUp();
    for (const agent of agents) agent?.destroy();
    fs.rmSync(workDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// Whatever is still running when this process exits (an error inside cleaning up) is killed with it.
process.on('exit', () => runtime?.killNow());
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping everything the bench started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .catch((error) => {
    console.error(`\nbench:scale could not finish: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    if (process.exitCode === 1 && runtime) {
      const keepLogs = fs.mkdtempSync(path.join(os.tmpdir(), 'masar-bench-scale-logs-'));
      try {
        runtime.saveLogs(keepLogs);
        console.error(`The stack's logs: ${keepLogs}`);
      } catch (error) {
        console.error(`Could not keep the logs: ${error.message}`);
      }
    }
    await cleanUp();
  });
