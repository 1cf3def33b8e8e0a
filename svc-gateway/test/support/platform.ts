import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { bootstrap, RunningGateway } from '../../src/main';
import { createFreshDatabase, FreshDatabase } from '@masar/contracts/service-kit/testing';
import { IdentityProcess, startIdentity } from './identity-process';

/** The version of mf-courses the test gateway is configured with, and an earlier one still on disk. */
export const COURSES_VERSION = '1.0.0';
export const COURSES_EARLIER_VERSION = '0.9.0';
/** A hashed chunk name, as the production build writes them. */
export const HASHED_CHUNK = '129.5397be8d4e.js';
/** The shell's hashed stylesheet (antd's styles), with its brotli copy as the build writes it. */
export const HASHED_STYLESHEET = 'antd.43eb7399a8.css';
export const STYLESHEET_SOURCE = `.ant-btn{color:var(--ant-color-text)}${'\n'.repeat(2048)}`;

/** A tiny built shell and two built versions of one remote, so the gateway has front ends to serve. */
function writeFrontEnds(root: string): void {
  mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell/dist/index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, 'shell/dist', HASHED_STYLESHEET), STYLESHEET_SOURCE);
  writeFileSync(path.join(root, 'shell/dist', `${HASHED_STYLESHEET}.br`), brotliCompressSync(STYLESHEET_SOURCE));
  for (const version of [COURSES_VERSION, COURSES_EARLIER_VERSION]) {
    const dist = path.join(root, 'mf-courses/dist', version);
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: 'mf_courses', metaData: { buildInfo: { buildVersion: version } } }));
    // A bundle with the brotli and gzip copies the production build writes beside it.
    writeFileSync(path.join(dist, 'remoteEntry.js'), REMOTE_ENTRY_SOURCE);
    writeFileSync(path.join(dist, 'remoteEntry.js.br'), brotliCompressSync(REMOTE_ENTRY_SOURCE));
    writeFileSync(path.join(dist, 'remoteEntry.js.gz'), gzipSync(REMOTE_ENTRY_SOURCE));
    writeFileSync(path.join(dist, HASHED_CHUNK), `/* mf-courses ${version} */`);
  }
}

export const REMOTE_ENTRY_SOURCE = `var mf_courses = ${JSON.stringify('x'.repeat(4096))};\n`;

/**
 * The gateway (in this process, on a free port) and svc-identity (a child process from its
 * build) on a fresh database, the real Redis under a key prefix of its own, and the real NATS.
 */
export interface Platform {
  gateway: RunningGateway;
  identity: IdentityProcess;
  database: FreshDatabase;
  env: Record<string, string>;
  /** Another gateway on the same identity and Redis, with some settings changed. */
  startAnotherGateway(overrides: Record<string, string>): Promise<RunningGateway>;
  stop(): Promise<void>;
}

/** The NATS and Redis this test run was pointed at, when set (the defaults otherwise). */
function infrastructureEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['NATS_URL', 'REDIS_URL'] as const) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

export async function startPlatform(gatewayEnv: Record<string, string> = {}): Promise<Platform> {
  const database = await createFreshDatabase('gateway');
  const identity = await startIdentity({ DATABASE_URL: database.url });
  const keyPrefix = `masar:test:${randomBytes(4).toString('hex')}:`;
  const frontEnds = mkdtempSync(path.join(tmpdir(), 'masar-gateway-'));
  writeFrontEnds(frontEnds);
  const env: Record<string, string> = {
    // bootstrap() reads only the env it is handed, never process.env: without these the gateway
    // went to NATS on 4222 while svc-identity (which inherits process.env) went to NATS_URL.
    ...infrastructureEnv(),
    PORT: '0',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    SESSION_KEY_PREFIX: `${keyPrefix}sess:`,
    LOGIN_RATE_LIMIT_KEY_PREFIX: `${keyPrefix}login:`,
    SHELL_DIST: path.join(frontEnds, 'shell/dist'),
    REMOTES_ROOT: frontEnds,
    REMOTE_VERSIONS: `mf-courses=${COURSES_VERSION}`,
    ...gatewayEnv,
  };
  const started: RunningGateway[] = [];
  const startGateway = async (overrides: Record<string, string> = {}) => {
    const gateway = await bootstrap({ env: { ...env, ...overrides } });
    started.push(gateway);
    return gateway;
  };
  const gateway = await startGateway();

  return {
    gateway,
    identity,
    database,
    env,
    startAnotherGateway: startGateway,
    async stop() {
      await Promise.all(started.map((running) => running.app.close()));
      await identity.stop();
      await database.drop();
      rmSync(frontEnds, { recursive: true, force: true });
      const redis = createClient({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
      await redis.connect();
      const keys: string[] = [];
      for await (const batch of redis.scanIterator({ MATCH: `${keyPrefix}*` })) keys.push(...batch);
      if (keys.length > 0) await redis.del(keys);
      await redis.close();
    },
  };
}

/** A browser session of `username` on the platform's gateway, and who it is. */
export async function signedInAgent(platform: Platform, username: string, password: string) {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username, password }).expect(200);
  const me = (await agent.get('/api/auth/user').expect(200)).body as { id: string };
  return { agent, userId: me.id };
}

/** A port nobody listens on right now: for a gateway whose own URL must be known before it starts (redirect and ACS URLs). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
