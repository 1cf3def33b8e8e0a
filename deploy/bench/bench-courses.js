#!/usr/bin/env node
// npm run bench:courses
// The course catalog at scale, through the real HTTP gateway signed in as admin: builds the services
// (nx, cached), starts the platform on a fresh database (masar_bench_courses, dropped and recreated),
// lets svc-courses migrate and seed its catalog, adds 10,000 courses x 4 modules x 6 lessons in SQL,
// then times the list page, the course detail and recommendations (sequential p50/p95 after a warm-up,
// then throughput at a small concurrency with autocannon), and turning a 30-page PDF into a course.
// Prints one table. The database is dropped at the end unless KEEP_BENCH_DB=1.
// Takes about 4 minutes, most of it writing the 240,000 lessons (each goes into the lessons'
// full-text GIN index). Knobs: BENCH_SKIP_BUILD=1 (use dist as it is), BENCH_SKIP_PDF=1,
// BENCH_SAMPLES (300), BENCH_WARMUP (30), BENCH_CONNECTIONS (10), BENCH_DURATION_S (5), BENCH_PDF_RUNS (5),
// BENCH_COURSES_PORT (18094), BENCH_COURSES_DATABASE_URL, BENCH_VERBOSE=1 (service logs), KEEP_BENCH_DB=1,
// BENCH_NATS_URL (by default it starts a nats-server of its own, see private-nats.js).
'use strict';
const { spawnSync } = require('node:child_process');
const { availableParallelism, cpus, loadavg } = require('node:os');
const autocannon = require('autocannon');
const { Client } = require('pg');
const { startPlatform, ROOT, SERVICES, dropDatabase } = require('../local/platform');
const { generateBulkCatalog, catalogCounts, expectedSeedCourseCount } = require('./bench-courses-data');
const { buildCoursePdf } = require('./course-pdf');
const { startPrivateNats } = require('./private-nats');
const { signInAsAdmin } = require('../local/api-sign-in');
const { percentile } = require('./upload-path');

const PORT = process.env.BENCH_COURSES_PORT ?? '18094';
const DATABASE_URL = process.env.BENCH_COURSES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/masar_bench_courses';
const COURSES = Number(process.env.BENCH_COURSES ?? 10_000);
const MODULES_PER_COURSE = 4;
const LESSONS_PER_MODULE = 6;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const PDF_PAGES = 30;
const PDF_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 5);
const PDF_POLL_MS = 50;
const PDF_TIMEOUT_MS = 120_000;
const RECOMMEND_SKILLS = 40;
const PAGE_SIZE = 12;
const RUN_ID = Date.now();

const TARGETS_MS = { list: 20, detail: 20, recommend: 50, pdf: 5000 };

/** Seeded pseudo-random numbers (mulberry32), so every run asks the same mix of pages, filters and skills. */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomSource(42);
const pick = (items) => items[Math.floor(random() * items.length)];
const pickMany = (items, count) => {
  const pool = [...items];
  const picked = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return picked;
};

/** Builds the services the platform runs (nx caches unchanged ones); BENCH_SKIP_BUILD=1 uses dist as it is. */
function buildServices() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const projects = [...SERVICES, 'svc-gateway'].join(',');
  console.log(`building ${projects} (npx nx run-many -t build; cached when unchanged) ...`);
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', projects, '--parallel=2'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`the build failed (npx nx run-many -t build -p ${projects}):\n${(result.stdout + result.stderr).slice(-4000)}`);
  }
}

/** The boot-time seeding runs in the background: wait until all of it is in, or it stops growing. */
async function waitForSeedCatalog(client) {
  const expected = expectedSeedCourseCount();
  const deadline = Date.now() + 60_000;
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM "courses"."courses" WHERE seed_key IS NOT NULL');
    const seeded = rows[0].n;
    if (seeded >= expected) return seeded;
    if (seeded !== last) {
      last = seeded;
      stableSince = Date.now();
    } else if (seeded > 0 && Date.now() - stableSince > 3000) {
      return seeded;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the seed catalog did not finish within 60 s (${last} of ${expected} courses)`);
}

/** One timed request; the body is read in full, and anything but `expectedStatus` fails the run. */
async function timedRequest(baseUrl, cookie, { method = 'GET', path, body }, expectedStatus = 200) {
  const headers = { cookie, origin: baseUrl };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const ms = performance.now() - startedAt;
  if (response.status !== expectedStatus) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return { ms, text };
}

/** WARMUP requests, then SAMPLES sequential ones; p50 and p95 of the timed ones. */
async function measureSequential(baseUrl, cookie, nextRequest, check) {
  for (let i = 0; i < WARMUP; i += 1) await timedRequest(baseUrl, cookie, nextRequest());
  const latencies = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const { ms, text } = await timedRequest(baseUrl, cookie, nextRequest());
    if (check && i === 0) check(JSON.parse(text));
    latencies.push(ms);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), samples: latencies.length };
}

/** Throughput with CONNECTIONS keep-alive connections for DURATION_S, each request made by nextRequest. */
function measureThroughput(baseUrl, cookie, nextRequest) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { cookie, origin: baseUrl },
        requests: [
          {
            setupRequest: (request) => {
              const next = nextRequest();
              const headers = { ...request.headers };
              if (next.body !== undefined) headers['content-type'] = 'application/json';
              return { ...request, method: next.method ?? 'GET', path: next.path, headers, body: next.body === undefined ? undefined : JSON.stringify(next.body) };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0 || result.errors > 0) {
          return reject(new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load (${nextRequest().path})`));
        }
        resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
      },
    );
  });
}

/** The list page requests: random pages over every filter's whole result, with and without filters. */
async function listRequestMakers(baseUrl, cookie, skillNames) {
  const lastPageOf = new Map();
  async function lastPage(query) {
    if (!lastPageOf.has(query)) {
      const { text } = await timedRequest(baseUrl, cookie, { path: `/api/courses?${query}page=1&pageSize=${PAGE_SIZE}` });
      lastPageOf.set(query, Math.max(1, Math.ceil(JSON.parse(text).total / PAGE_SIZE)));
    }
    return lastPageOf.get(query);
  }
  const qWords = ['data', 'management', 'python', 'excel', 'leadership', 'security', 'sales', 'cloud', 'design', 'safety'];
  const skills = pickMany(skillNames, 40);
  const levels = ['beginner', 'intermediate', 'advanced'];
  // Each variant: its query strings and, for the first-pages one, the last page it asks for.
  const variants = {
    'no filter, pages 1-5': { queries: [''], maxPage: 5 },
    'no filter, any page': { queries: [''] },
    q: { queries: qWords.map((word) => `q=${encodeURIComponent(word)}&`) },
    skill: { queries: skills.map((skill) => `skill=${encodeURIComponent(skill)}&`) },
    level: { queries: levels.map((level) => `level=${level}&`) },
    'skill + level': {
      queries: skills.slice(0, 10).flatMap((skill) => levels.map((level) => `skill=${encodeURIComponent(skill)}&level=${level}&`)),
    },
  };
  // Know each query's page count up front, so the timed requests only ever ask for existing pages.
  for (const { queries } of Object.values(variants)) for (const query of queries) await lastPage(query);
  const makers = {};
  for (const [name, { queries, maxPage = Infinity }] of Object.entries(variants)) {
    makers[name] = () => {
      const query = pick(queries);
      const page = 1 + Math.floor(random() * Math.min(maxPage, lastPageOf.get(query)));
      return { path: `/api/courses?${query}page=${page}&pageSize=${PAGE_SIZE}` };
    };
  }
  return makers;
}

/** One upload of the PDF until its course is complete; the ms from POST to `complete`. */
async function pdfToCourseOnce(baseUrl, cookie, pdf) {
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'data-analysis-handbook.pdf');
  const startedAt = performance.now();
  const posted = await fetch(`${baseUrl}/api/courses/upload`, { method: 'POST', headers: { cookie, origin: baseUrl }, body: form });
  if (posted.status === 404) return { missing: true };
  if (posted.status !== 202) throw new Error(`POST /api/courses/upload answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
  let { task } = await posted.json();
  const deadline = Date.now() + PDF_TIMEOUT_MS;
  while (task.stage !== 'complete') {
    if (task.stage === 'error') throw new Error(`the PDF course task failed: ${task.message}`);
    if (Date.now() > deadline) throw new Error(`the PDF course task was still "${task.stage}" after ${PDF_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, PDF_POLL_MS));
    const polled = await fetch(`${baseUrl}/api/courses/creation-tasks/${encodeURIComponent(task.id)}`, { headers: { cookie, origin: baseUrl } });
    if (polled.status !== 200) throw new Error(`GET /api/courses/creation-tasks/${task.id} answered ${polled.status}: ${(await polled.text()).slice(0, 300)}`);
    ({ task } = await polled.json());
  }
  const ms = performance.now() - startedAt;
  if (!task.courseId) throw new Error('the PDF course task completed without a courseId');
  const { text } = await timedRequest(baseUrl, cookie, { path: `/api/courses/${task.courseId}` });
  const { course } = JSON.parse(text);
  const lessons = course.modules.reduce((sum, module) => sum + module.lessons.length, 0);
  if (course.modules.length === 0 || lessons === 0) throw new Error(`the course made from the PDF has ${course.modules.length} modules and ${lessons} lessons`);
  return { ms, modules: course.modules.length, lessons };
}

/** One warm-up then PDF_RUNS uploads; `{missing: true}` when the endpoint is not there (404). */
async function measurePdfToCourse(baseUrl, cookie) {
  const pdf = await buildCoursePdf({ pages: PDF_PAGES });
  const warmup = await pdfToCourseOnce(baseUrl, cookie, pdf);
  if (warmup.missing) return { missing: true };
  const times = [];
  let shape = warmup;
  for (let run = 0; run < PDF_RUNS; run += 1) {
    shape = await pdfToCourseOnce(baseUrl, cookie, pdf);
    times.push(shape.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), samples: times.length, bytes: pdf.length, modules: shape.modules, lessons: shape.lessons };
}

function verdict(valueMs, targetMs) {
  return valueMs <= targetMs ? 'met' : 'MISSED';
}

async function main() {
  const loadAtStart = loadavg()[0];
  buildServices();
  // Its own NATS unless told otherwise, so no other Masar process on the machine answers its requests.
  const privateNats = process.env.BENCH_NATS_URL ? undefined : await startPrivateNats();
  const natsUrl = process.env.BENCH_NATS_URL ?? privateNats?.url ?? 'nats://127.0.0.1:4222';
  if (!process.env.BENCH_NATS_URL && !privateNats) {
    console.warn(`no nats-server on the PATH: using the shared ${natsUrl}; stop any other Masar services on it first`);
  }
  console.log(`starting the platform on port ${PORT} against a fresh ${databaseName(DATABASE_URL)}, NATS ${natsUrl} ...`);
  const platform = await startPlatform({
    recreateDatabase: true,
    log: (line) => (process.env.BENCH_VERBOSE === '1' ? console.log(line) : undefined),
    env: {
      PORT,
      DATABASE_URL,
      NATS_URL: natsUrl,
      SESSION_KEY_PREFIX: `masar:bench-courses:${RUN_ID}:sess:`,
      LOGIN_RATE_LIMIT_KEY_PREFIX: `masar:bench-courses:${RUN_ID}:login:`,
      SEED_PREDEFINED_ROLES: 'false',
      SEED_COURSE_CATALOG: 'true',
      LOG_LEVEL: 'warn',
    },
  }).catch(async (error) => {
    await privateNats?.stop();
    if (process.env.KEEP_BENCH_DB !== '1') await dropDatabase(DATABASE_URL).catch(() => undefined);
    throw error;
  });
  const db = new Client({ connectionString: DATABASE_URL });
  let stopped = false;
  const cleanUp = async () => {
    if (stopped) return;
    stopped = true;
    await db.end().catch(() => undefined);
    await platform.stop();
    await privateNats?.stop();
    if (process.env.KEEP_BENCH_DB === '1') {
      console.log(`kept the database ${DATABASE_URL} (KEEP_BENCH_DB=1)`);
    } else {
      await dropDatabase(DATABASE_URL);
    }
  };
  const onSignal = () => cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await db.connect();
    const seeded = await waitForSeedCatalog(db);
    console.log(`seed catalog in (${seeded} courses); generating ${COURSES.toLocaleString('en')} courses x ${MODULES_PER_COURSE} modules x ${LESSONS_PER_MODULE} lessons ...`);
    const generateStartedAt = performance.now();
    const { domains, timings } = await generateBulkCatalog(db, {
      courses: COURSES,
      modulesPerCourse: MODULES_PER_COURSE,
      lessonsPerModule: LESSONS_PER_MODULE,
      connect: () => new Client({ connectionString: DATABASE_URL }),
      parallelism: Math.max(2, Math.min(4, availableParallelism())),
    });
    const generateS = (performance.now() - generateStartedAt) / 1000;
    const stepTimes = Object.entries(timings).map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`).join(', ');
    const counts = await catalogCounts(db);
    const { rows: idRows } = await db.query('SELECT id FROM "courses"."courses" WHERE seed_key IS NULL');
    const courseIds = idRows.map((row) => row.id);
    const skillNames = domains.flatMap((domain) => domain.names);

    const baseUrl = platform.baseUrl.replace('localhost', '127.0.0.1');
    const cookie = await signInAsAdmin(baseUrl);
    const listMakers = await listRequestMakers(baseUrl, cookie, skillNames);
    const listAll = () => pick(Object.values(listMakers))();
    const detail = () => ({ path: `/api/courses/${pick(courseIds)}` });
    // A job role's 40 skills span a few domains: 10 names from each of 4 random taxonomy domains.
    const recommend = () => ({
      method: 'POST',
      path: '/api/courses/recommend',
      body: { skills: pickMany(domains, 4).flatMap((domain) => pickMany(domain.names, RECOMMEND_SKILLS / 4)) },
    });

    const checkList = (reply) => {
      if (!Array.isArray(reply.items)) throw new Error('the list reply has no items');
    };
    const checkDetail = ({ course }) => {
      if (course.modules.length !== MODULES_PER_COURSE) throw new Error(`a bulk course came back with ${course.modules.length} modules`);
    };
    const checkRecommend = ({ courses }) => {
      if (courses.length === 0) throw new Error('recommend returned no courses for 40 taxonomy skills');
    };

    console.log(`timing: ${WARMUP} warm-up + ${SAMPLES} sequential requests each, then ${CONNECTIONS} connections for ${DURATION_S} s ...`);
    const rows = [];
    const addRow = (name, targetMs, sequential, load) =>
      rows.push({
        request: name,
        'p50 ms': sequential.p50.toFixed(1),
        'p95 ms': sequential.p95.toFixed(1),
        target: targetMs === undefined ? '' : `p95 <= ${targetMs} ms`,
        verdict: targetMs === undefined ? '' : verdict(sequential.p95, targetMs),
        [`req/s @${CONNECTIONS}`]: load ? load.rps.toFixed(0) : '',
        [`p50 ms @${CONNECTIONS}`]: load ? load.p50.toFixed(1) : '',
        [`p99 ms @${CONNECTIONS}`]: load ? load.p99.toFixed(1) : '',
      });
    // The floor every row stands on: a signed-in request through gateway -> NATS -> svc-identity.
    addRow('GET /api/auth/user (gateway floor)', undefined, await measureSequential(baseUrl, cookie, () => ({ path: '/api/auth/user' })));
    for (const [name, maker] of Object.entries(listMakers)) {
      addRow(`GET /api/courses (${name})`, TARGETS_MS.list, await measureSequential(baseUrl, cookie, maker, checkList));
    }
    addRow(
      'GET /api/courses (all of the above)',
      TARGETS_MS.list,
      await measureSequential(baseUrl, cookie, listAll, checkList),
      await measureThroughput(baseUrl, cookie, listAll),
    );
    addRow(
      'GET /api/courses/:id',
      TARGETS_MS.detail,
      await measureSequential(baseUrl, cookie, detail, checkDetail),
      await measureThroughput(baseUrl, cookie, detail),
    );
    addRow(
      `POST /api/courses/recommend (${RECOMMEND_SKILLS} skills)`,
      TARGETS_MS.recommend,
      await measureSequential(baseUrl, cookie, recommend, checkRecommend),
      await measureThroughput(baseUrl, cookie, recommend),
    );

    let pdfLine;
    if (process.env.BENCH_SKIP_PDF === '1') {
      pdfLine = `${PDF_PAGES}-page PDF to course: skipped (BENCH_SKIP_PDF=1)`;
    } else {
      const pdf = await measurePdfToCourse(baseUrl, cookie);
      if (pdf.missing) {
        pdfLine = `${PDF_PAGES}-page PDF to course: not measured, POST /api/courses/upload answered 404 (not implemented in this build)`;
      } else {
        rows.push({
          request: `${PDF_PAGES}-page PDF -> course (POST upload to complete)`,
          'p50 ms': pdf.p50.toFixed(0),
          'p95 ms': pdf.p95.toFixed(0),
          target: `p50 <= ${TARGETS_MS.pdf} ms`,
          verdict: verdict(pdf.p50, TARGETS_MS.pdf),
        });
        pdfLine = `${PDF_PAGES}-page PDF (${(pdf.bytes / 1024).toFixed(0)} KiB) -> course of ${pdf.modules} modules, ${pdf.lessons} lessons; ${pdf.samples} runs after 1 warm-up, polled every ${PDF_POLL_MS} ms`;
      }
    }

    console.log(
      `\ncatalog: ${counts.courses.toLocaleString('en')} courses (${counts.bulk_courses.toLocaleString('en')} generated + ${counts.seed_courses} seed catalog), ` +
        `${counts.modules.toLocaleString('en')} modules, ${counts.lessons.toLocaleString('en')} lessons ` +
        `(avg ${counts.avg_lesson_chars} characters; lessons table ${counts.lessons_size}, database ${counts.database_size}); generated in ${generateS.toFixed(1)} s (${stepTimes})`,
    );
    console.log(`through the gateway at ${baseUrl}, signed in as admin; list pages of ${PAGE_SIZE}, random pages over each filter's results`);
    console.log(
      `machine: ${cpus().length} cores shared by the 6 services, Postgres and this client; 1-minute load average ${loadAtStart.toFixed(1)} when the run ` +
        `started${loadAtStart >= 1 ? ' (other work was running, so the figures are pessimistic)' : ''}\n`,
    );
    console.table(rows);
    console.log(pdfLine);
  } finally {
    await cleanUp();
  }
}

function databaseName(databaseUrl) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`the benchmark database URL names an unusual database "${name}"`);
  return name;
}


if (require.main === module) {
  main().catch((error) => {
    console.error(`bench:courses failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  });
}

module.exports = { measurePdfToCourse, pdfToCourseOnce };
