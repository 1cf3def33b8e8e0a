import { COURSES_SUBJECTS, DEADLINE_HEADER, healthSubjectOf, parseDeadline, queueGroupOf } from '@masar/contracts';
import { connect, Msg, NatsConnection } from 'nats';
import request from 'supertest';
import { OwnServer, startOwnNats, startOwnRedis } from '../../deploy/local/own-servers';
import { bootstrap, RunningGateway } from '../src/main';
import { createFreshDatabase, FreshDatabase } from '@masar/contracts/service-kit/testing';
import { IdentityProcess, startIdentity } from './support/identity-process';

/**
 * The gateway under infrastructure faults, against a nats-server and a redis-server of this test's
 * own (started, killed and restarted here; never the machine's shared ones), svc-identity for real,
 * and a stand-in for svc-courses that the test makes slow, silent or dead.
 */
const EMPTY_COURSE_LIST = { items: [], total: 0, page: 1, pageSize: 20 };
const encoder = new TextEncoder();
const decoder = new TextDecoder();

let nats: OwnServer;
let redis: OwnServer;
let database: FreshDatabase;
let identity: IdentityProcess;
let gateway: RunningGateway;
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

/** How svc-courses answers `courses.list` in the current test; `undefined` is never. */
let answerCourses: (message: Msg) => void = (message) => reply(message, { response: EMPTY_COURSE_LIST });
let standIn: NatsConnection | undefined;

function reply(message: Msg, packet: object): void {
  const { id } = JSON.parse(decoder.decode(message.data)) as { id: string };
  message.respond(encoder.encode(JSON.stringify({ ...packet, id })));
}

/** A stand-in svc-courses process: its own NATS connection, in the service's queue group. */
async function startStandInCourses(): Promise<NatsConnection> {
  const connection = await connect({ servers: nats.url, name: 'stand-in svc-courses', maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  const queue = queueGroupOf('courses');
  connection.subscribe(COURSES_SUBJECTS.LIST_COURSES, { queue, callback: (_error, message) => answerCourses(message) });
  connection.subscribe(healthSubjectOf('courses'), { queue, callback: (_error, message) => reply(message, { response: { status: 'up' } }) });
  await connection.flush();
  return connection;
}

let lastAddressOctet = 10;
async function signedIn() {
  lastAddressOctet += 1;
  const agent = request.agent(gateway.url).set('X-Forwarded-For', `198.51.100.${lastAddressOctet}`);
  await agent.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }).expect(200);
  return agent;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

/** Polls `check` every 50 ms until it holds; resolves to the milliseconds that took. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${limitMs} ms`);
}

beforeAll(async () => {
  process.on('uncaughtException', recordUncaught);
  [nats, redis, database] = await Promise.all([startOwnNats(), startOwnRedis({ persistent: true }), createFreshDatabase('gateway_faults')]);
  identity = await startIdentity({ DATABASE_URL: database.url, NATS_URL: nats.url, REDIS_URL: redis.url });
  gateway = await bootstrap({
    env: {
      PORT: '0',
      NATS_URL: nats.url,
      REDIS_URL: redis.url,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      NATS_REQUEST_TIMEOUT_MS: '4000',
    },
  });
  standIn = await startStandInCourses();
}, 60_000);

afterAll(async () => {
  await gateway?.app.close();
  await standIn?.close();
  await identity?.stop();
  await database?.drop();
  await Promise.all([nats?.dispose(), redis?.dispose()]);
  process.off('uncaughtException', recordUncaught);
});

afterEach(() => {
  answerCourses = (message) => reply(message, { response: EMPTY_COURSE_LIST });
  expect(uncaught).toEqual([]);
});

describe('Redis goes away', () => {
  it('answers 503 {message} within a second, keeps running, says so in health, and recovers within 2 s of Redis returning', async () => {
    const agent = await signedIn();
    await agent.get('/api/courses').expect(200);

    await redis.stop('SIGKILL');
    const { result: refused, ms } = await timed(() => agent.get('/api/courses'));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ statusCode: 503, message: expect.stringMatching(/^Sessions are unavailable/) });
    expect(ms).toBeLessThan(1000);

    // With the session cookie too: health needs no session.
    const health = await agent.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.infrastructure).toEqual({ postgres: 'up', redis: 'down', nats: 'up' });
    // Kubernetes' probes: still alive, but out of the load balancer until Redis is back.
    await request(gateway.url).get('/api/health/live').expect(200, { status: 'up' });
    await request(gateway.url).get('/api/health/ready').expect(503, { status: 'down', postgres: 'up', redis: 'down', nats: 'up' });

    await redis.start();
    const recoveredMs = await within(2000, async () => (await agent.get('/api/courses')).status === 200);
    expect(recoveredMs).toBeLessThan(2000);
    expect((await agent.get('/api/health')).body.infrastructure.redis).toBe('up');
    await request(gateway.url).get('/api/health/ready').expect(200, { status: 'up', postgres: 'up', redis: 'up', nats: 'up' });
  });

  it('survives a session renewal that fails after the answer went out (the crash of ERR_HTTP_HEADERS_SENT)', async () => {
    const agent = await signedIn();
    // svc-courses answers only once Redis is gone, so the rolling save at the end of the response fails.
    let answered!: () => void;
    const answeredOnce = new Promise<void>((resolve) => (answered = resolve));
    let pending: Msg | undefined;
    answerCourses = (message) => {
      pending = message;
      answered();
    };
    const slow = agent.get('/api/courses').then((response) => response);
    await answeredOnce;
    await redis.stop('SIGKILL');
    reply(pending!, { response: EMPTY_COURSE_LIST });
    expect((await slow).status).toBe(200);

    // Still alive and answering.
    expect((await request(gateway.url).get('/api/health')).body.infrastructure.redis).toBe('down');
    answerCourses = (message) => reply(message, { response: EMPTY_COURSE_LIST });
    await redis.start();
    await within(2000, async () => (await agent.get('/api/courses')).status === 200);
  });
});

describe('NATS goes away', () => {
  it('answers 503 at once while the gateway is disconnected, ends requests in flight, and reconnects', async () => {
    const agent = await signedIn();
    answerCourses = () => undefined; // the request in flight never gets its answer
    const inFlight = timed(() => agent.get('/api/courses'));
    await new Promise((resolve) => setTimeout(resolve, 200));

    await nats.stop('SIGKILL');
    const lost = await inFlight;
    expect(lost.result.status).toBe(503);
    expect(lost.ms).toBeLessThan(1000);

    const { result: refused, ms } = await timed(() => agent.get('/api/courses'));
    expect(refused.status).toBe(503);
    // The call in flight read the user moments ago (kept SESSION_USER_CACHE_MS), so the first service this one needs is courses.
    expect(refused.body).toEqual({ statusCode: 503, message: 'courses is unavailable' });
    expect(ms).toBeLessThan(250);
    expect((await request(gateway.url).get('/api/health')).body.infrastructure.nats).toBe('down');
    expect((await request(gateway.url).get('/api/health/ready')).body).toEqual({ status: 'down', postgres: 'up', redis: 'up', nats: 'down' });
    await request(gateway.url).get('/api/health/live').expect(200);

    // Down for longer than the client's default reconnect budget would allow between attempts.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await nats.start();
    answerCourses = (message) => reply(message, { response: EMPTY_COURSE_LIST });
    const recoveredMs = await within(3000, async () => (await agent.get('/api/courses')).status === 200);
    expect(recoveredMs).toBeLessThan(3000);
    // That call took the user the gateway kept: identity, back on NATS in its own time, is awaited for the next tests.
    await within(10_000, async () => (await request(gateway.url).get('/api/health')).body.services.identity === 'up');
  });
});

describe('a service dies with a request in flight', () => {
  it('answers 503 within a second instead of waiting out the 4 s timeout', async () => {
    const agent = await signedIn();
    answerCourses = () => undefined;
    const inFlight = timed(() => agent.get('/api/courses'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const killedAt = performance.now();
    // Closing the connection is what the kernel does for a process killed with kill -9.
    await standIn!.close();
    const { result } = await inFlight;
    expect(result.status).toBe(503);
    expect(result.body).toEqual({ statusCode: 503, message: 'courses is unavailable' });
    expect(performance.now() - killedAt).toBeLessThan(1200);

    // Once nothing listens, a new request is refused at once by NATS itself.
    const { result: refused, ms } = await timed(() => agent.get('/api/courses'));
    expect(refused.status).toBe(503);
    expect(ms).toBeLessThan(250);

    standIn = await startStandInCourses();
    answerCourses = (message) => reply(message, { response: EMPTY_COURSE_LIST });
    await agent.get('/api/courses').expect(200);
  });

  it('still gets the answer of a service that stops gracefully (leaves its queue group, then answers)', async () => {
    const agent = await signedIn();
    let received: Msg | undefined;
    answerCourses = (message) => (received = message);
    const inFlight = agent.get('/api/courses').then((response) => response);
    await within(2000, async () => received !== undefined);
    // A graceful stop: stop taking messages, finish what was taken within the grace period, then leave.
    await standIn!.drain();
    await new Promise((resolve) => setTimeout(resolve, 450));
    const late = await connect({ servers: nats.url });
    const { id } = JSON.parse(decoder.decode(received!.data)) as { id: string };
    const answer = { err: { statusCode: 409, message: 'answered during the grace period' }, id };
    late.publish(received!.reply!, encoder.encode(JSON.stringify(answer)));
    const response = await inFlight;
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('answered during the grace period');
    await late.close();
    standIn = await startStandInCourses();
  });
});

describe('the deadline travels with the request', () => {
  it('tells the service when the gateway stops waiting', async () => {
    const agent = await signedIn();
    let deadline: number | undefined;
    answerCourses = (message) => {
      deadline = parseDeadline(message.headers?.get(DEADLINE_HEADER));
      reply(message, { response: EMPTY_COURSE_LIST });
    };
    const sentAt = Date.now();
    await agent.get('/api/courses').expect(200);
    expect(deadline).toBeGreaterThanOrEqual(sentAt + 4000 - 100);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 4000);
  });
});
