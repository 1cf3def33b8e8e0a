import { JOBS_SUBJECTS, platformHealthSchema, userListSchema, userSchema } from '@masar/contracts';
import { JSONCodec, NatsConnection, Subscription } from 'nats';
import { Client } from 'pg';
import request from 'supertest';
import { RunningGateway } from '../src/main';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COURSES_EARLIER_VERSION, COURSES_VERSION, HASHED_CHUNK, HASHED_STYLESHEET, REMOTE_ENTRY_SOURCE, startPlatform, Platform, STYLESHEET_SOURCE } from './support/platform';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { get, IncomingHttpHeaders } from 'node:http';
import { connectToNatsAs } from '@masar/contracts/service-kit/testing';

/** The bytes exactly as the gateway sent them: supertest and fetch would decompress them. */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A remote's version in this repository: the gateway's default when REMOTE_VERSIONS leaves it out. */
function REPOSITORY_VERSION(folder: string): string {
  return (JSON.parse(readFileSync(path.resolve(__dirname, '../..', folder, 'package.json'), 'utf8')) as { version: string }).version;
}

const codec = JSONCodec();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let platform: Platform;
/** A stand-in for svc-jobs, signed in as it. */
let jobsNats: NatsConnection;

/** Each simulated browser comes from its own address, so the per-address sign-in limit stays per test. */
let lastAddressOctet = 10;
function browser(gateway: RunningGateway = platform.gateway) {
  lastAddressOctet += 1;
  return request.agent(gateway.url).set('X-Forwarded-For', `203.0.113.${lastAddressOctet}`);
}

async function signedIn(username: string, password: string, gateway?: RunningGateway) {
  const agent = browser(gateway);
  await agent.post('/api/auth/login').send({ username, password }).expect(200);
  return agent;
}

function sessionCookieOf(response: request.Response): string {
  const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = header.find((value) => value.startsWith('masar.sid='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return cookie;
}

beforeAll(async () => {
  platform = await startPlatform({
    TRUST_PROXY: 'loopback',
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '10',
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '20',
    MF_AGENTS_MANIFEST_URL: 'https://cdn.example.com/mf-agents/mf-manifest.json',
  });
  jobsNats = await connectToNatsAs('jobs');
});

afterAll(async () => {
  await jobsNats?.drain();
  await platform?.stop();
});

describe('signing in and out', () => {
  it('answers 401 {message: "Unauthorized"} to a signed-out browser', async () => {
    const response = await browser().get('/api/auth/user').expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  it('signs in with an httpOnly SameSite=Lax session cookie, then knows the user', async () => {
    const agent = browser();
    const login = await agent.post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(200);
    expect(login.body).toEqual({ message: 'Login successful', user: expect.objectContaining({ username: 'admin', role: 'admin' }) });
    expect(userSchema.strict().parse(login.body.user)).toEqual(login.body.user);

    const cookie = sessionCookieOf(login);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);

    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body).toEqual(login.body.user);
  });

  it('accepts the username in any case', async () => {
    const response = await browser().post('/api/auth/login').send({ username: 'ADMIN', password: 'admin123' }).expect(200);
    expect(response.body.user.username).toBe('admin');
  });

  it('refuses a wrong password and an unknown username with the same 401 message', async () => {
    const wrongPassword = await browser().post('/api/auth/login').send({ username: 'admin', password: 'nope' }).expect(401);
    const unknownUser = await browser().post('/api/auth/login').send({ username: 'nobody', password: 'admin123' }).expect(401);
    expect(wrongPassword.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an invalid body with a 400 naming the field', async () => {
    const missingPassword = await browser().post('/api/auth/login').send({ username: 'admin' }).expect(400);
    expect(missingPassword.body).toEqual({ statusCode: 400, message: 'password: This field is required' });

    const noBody = await browser().post('/api/auth/login').expect(400);
    expect(noBody.body.message).toContain('username: This field is required');
  });

  it('starts the demo as the demo learner', async () => {
    const agent = browser();
    const response = await agent.post('/api/auth/demo-login').expect(200);
    expect(response.body).toEqual({
      message: 'Demo login successful',
      user: expect.objectContaining({ username: 'demo', role: 'learner' }),
    });
    await agent.get('/api/auth/user').expect(200);
  });

  it('gives a new session id at every sign-in, and the previous one stops working', async () => {
    const agent = browser();
    const first = sessionCookieOf(await agent.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }));
    const second = sessionCookieOf(await agent.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }));
    expect(second.split(';')[0]).not.toBe(first.split(';')[0]);
    await request(platform.gateway.url).get('/api/auth/user').set('Cookie', first.split(';')[0]).expect(401);
    await request(platform.gateway.url).get('/api/auth/user').set('Cookie', second.split(';')[0]).expect(200);
  });

  it('logs out by destroying the session on the server: the old cookie is worthless', async () => {
    const agent = browser();
    const cookie = sessionCookieOf(await agent.post('/api/auth/demo-login').expect(200)).split(';')[0];
    const logout = await agent.post('/api/auth/logout').expect(200);
    expect(logout.body).toEqual({ message: 'Logged out' });
    expect(sessionCookieOf(logout)).toMatch(/Expires=Thu, 01 Jan 1970/);

    const replayed = await request(platform.gateway.url).get('/api/auth/user').set('Cookie', cookie).expect(401);
    expect(replayed.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  it('refuses a signed-out session at once, though the gateway had just read its user', async () => {
    const agent = await signedIn('admin', 'admin123');
    const cookie = sessionCookieOf(await agent.post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(200)).split(';')[0];
    // Read twice: the second is answered from the user the gateway keeps for a few seconds.
    await agent.get('/api/auth/user').expect(200);
    await agent.get('/api/admin/users').expect(200);
    await agent.post('/api/auth/logout').expect(200);

    const replayed = await request(platform.gateway.url).get('/api/admin/users').set('Cookie', cookie).expect(401);
    expect(replayed.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  it('sends a signed-out browser from /api/login to the login screen', async () => {
    const response = await browser().get('/api/login').expect(302);
    expect(response.headers.location).toBe('/login');
  });
});

describe('roles and profiles', () => {
  it('answers 403 to a learner on an admin-only call and 200 to an admin', async () => {
    const learner = await signedIn('demo', 'demo123');
    const refused = await learner.get('/api/admin/users').expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });

    const admin = await signedIn('admin', 'admin123');
    const list = userListSchema.parse((await admin.get('/api/admin/users').expect(200)).body);
    expect(list.items.map((user) => user.username).sort()).toEqual(['admin', 'demo']);
  });

  it('updates your own profile, refuses a body carrying a role, and the role stays', async () => {
    const learner = await signedIn('demo', 'demo123');
    const updated = await learner.patch('/api/auth/user').send({ firstName: 'Dana', preferredLanguage: 'ar' }).expect(200);
    expect(updated.body.user).toMatchObject({ username: 'demo', firstName: 'Dana', preferredLanguage: 'ar', role: 'learner' });

    const refused = await learner.patch('/api/auth/user').send({ role: 'admin' }).expect(400);
    expect(refused.body.message).toContain('role');
    expect((await learner.get('/api/auth/user').expect(200)).body.role).toBe('learner');
    await learner.get('/api/admin/users').expect(403);
  });
});

describe('sign-in rate limits', () => {
  let limited: RunningGateway;

  beforeAll(async () => {
    limited = await platform.startAnotherGateway({
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3',
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '5',
      LOGIN_RATE_LIMIT_KEY_PREFIX: `${platform.env.LOGIN_RATE_LIMIT_KEY_PREFIX}limited:`,
    });
  });

  it('locks an account after 3 failures even for the right password; successes neither count nor reset', async () => {
    const attempt = (password: string) => browser(limited).post('/api/auth/login').send({ username: 'demo', password });
    await attempt('wrong-1').expect(401);
    await attempt('wrong-2').expect(401);
    await attempt('demo123').expect(200);
    await attempt('demo123').expect(200);
    await attempt('wrong-3').expect(401);
    const locked = await attempt('demo123').expect(429);
    expect(locked.body).toEqual({
      statusCode: 429,
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    });
  });

  it('limits one address across accounts', async () => {
    const sameAddress = browser(limited);
    for (let account = 1; account <= 5; account += 1) {
      await sameAddress.post('/api/auth/login').send({ username: `guess-${account}`, password: 'x' }).expect(401);
    }
    await sameAddress.post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(429);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from another origin', async () => {
    const response = await browser()
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ username: 'admin', password: 'admin123' })
      .expect(403);
    expect(response.body).toEqual({ statusCode: 403, message: 'Cross-site request refused' });

    await browser().post('/api/auth/demo-login').set('Referer', 'https://evil.example/page').expect(403);
  });

  it('accepts the same call from its own origin', async () => {
    await browser()
      .post('/api/auth/login')
      .set('Origin', platform.gateway.url)
      .send({ username: 'admin', password: 'admin123' })
      .expect(200);
  });
});

describe('request ids', () => {
  it('echoes a sane x-request-id and carries it to svc-identity in the NATS headers', async () => {
    // A gateway that has read no user yet asks identity for this one.
    const agent = await signedIn('admin', 'admin123', await platform.startAnotherGateway({}));
    const response = await agent.get('/api/auth/user').set('x-request-id', 'it-trace-42').expect(200);
    expect(response.headers['x-request-id']).toBe('it-trace-42');

    const identityLine = platform.identity.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.requestId === 'it-trace-42');
    expect(identityLine).toMatchObject({ service: 'svc-identity', subject: 'identity.user.get', outcome: 'ok' });
    expect(typeof identityLine?.durationMs).toBe('number');
  });

  it('replaces an id that is too long or has odd characters', async () => {
    const odd = await browser().get('/api/health').set('x-request-id', 'bad id\\n{}');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const long = await browser().get('/api/health').set('x-request-id', 'a'.repeat(101));
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('forwarding to a domain service', () => {
  let standIn: Subscription | undefined;
  const received: unknown[] = [];

  /** Serves the jobs list subject the way a Nest service does, with a reply chosen by the test (or none). */
  function jobsAnswer(reply?: { response?: unknown; err?: unknown }) {
    standIn?.unsubscribe();
    standIn = jobsNats.subscribe(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, {
      callback: (_error, message) => {
        const { id, data } = codec.decode(message.data) as { id: string; data: unknown };
        received.push(data);
        if (reply) message.respond(codec.encode({ id, ...reply, isDisposed: true }));
      },
    });
    return jobsNats.flush();
  }

  afterAll(() => standIn?.unsubscribe());

  it('needs a session', async () => {
    await browser().get('/api/job-descriptions').expect(401);
  });

  it('refuses a bad query with a 400 naming the field', async () => {
    const agent = await signedIn('demo', 'demo123');
    const response = await agent.get('/api/job-descriptions?pageSize=500').expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'pageSize: Too long' });
  });

  it('forwards the parsed query and passes a good reply through', async () => {
    const list = { items: [], total: 0, page: 2, pageSize: 5 };
    await jobsAnswer({ response: list });
    const agent = await signedIn('demo', 'demo123');
    const response = await agent.get('/api/job-descriptions?page=2&pageSize=5&q=%20engineer%20').expect(200);
    expect(response.body).toEqual(list);
    expect(received.at(-1)).toEqual({ page: 2, pageSize: 5, q: 'engineer' });
  });

  it("keeps a service's own error status and message", async () => {
    await jobsAnswer({ err: { statusCode: 422, message: 'The search text cannot be used' } });
    const agent = await signedIn('demo', 'demo123');
    const response = await agent.get('/api/job-descriptions?q=x').expect(422);
    expect(response.body).toEqual({ statusCode: 422, message: 'The search text cannot be used' });
  });

  it('answers 502 when a reply breaks its contract', async () => {
    await jobsAnswer({ response: { items: 'not a list' } });
    const agent = await signedIn('demo', 'demo123');
    const response = await agent.get('/api/job-descriptions').expect(502);
    expect(response.body).toEqual({ statusCode: 502, message: 'jobs sent a reply the gateway does not understand' });
  });

  it('answers 503 "jobs is unavailable" within 5 seconds when the service never answers', async () => {
    await jobsAnswer(undefined);
    const agent = await signedIn('demo', 'demo123');
    const startedAt = Date.now();
    const response = await agent.get('/api/job-descriptions').expect(503);
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(response.body).toEqual({ statusCode: 503, message: 'jobs is unavailable' });
  });

  it('answers 503 "courses is unavailable" at once when nobody serves the subject', async () => {
    const agent = await signedIn('demo', 'demo123');
    const response = await agent.get('/api/courses').expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'courses is unavailable' });
  });
});

describe('health, docs and front ends', () => {
  it('reports identity, Postgres, Redis and NATS up and the services that are not running down', async () => {
    const response = await browser().get('/api/health').expect(503);
    const health = platformHealthSchema.parse(response.body);
    expect(health).toMatchObject({
      status: 'down',
      services: { identity: 'up', jobs: 'down', courses: 'down', ai: 'down', progress: 'down' },
      infrastructure: { postgres: 'up', redis: 'up', nats: 'up' },
    });
  });

  it('serves the OpenAPI document generated from the controllers', async () => {
    const page = await browser().get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const document = (await browser().get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/user', '/api/health', '/api/job-descriptions']),
    );
  });

  it('serves the shell, its client-side routes, a built remote and the runtime config', async () => {
    const home = await browser().get('/').set('Accept', 'text/html').expect(200);
    expect(home.text).toContain('<div id="root">');
    const clientRoute = await browser().get('/courses?jobId=1').set('Accept', 'text/html,*/*').expect(200);
    expect(clientRoute.text).toContain('<div id="root">');

    const manifest = await browser().get(`/remotes/mf-courses/${COURSES_VERSION}/mf-manifest.json`).expect(200);
    expect(manifest.body).toMatchObject({ id: 'mf_courses' });
    await browser().get(`/remotes/mf-progress/${REPOSITORY_VERSION('mf-progress')}/mf-manifest.json`).expect(404);

    const config = await browser().get('/app-config.json').expect(200);
    expect(config.body).toEqual({
      remotes: {
        mf_courses: `/remotes/mf-courses/${COURSES_VERSION}/mf-manifest.json`,
        mf_jobroles: `/remotes/mf-jobroles/${REPOSITORY_VERSION('mf-jobroles')}/mf-manifest.json`,
        mf_progress: `/remotes/mf-progress/${REPOSITORY_VERSION('mf-progress')}/mf-manifest.json`,
        mf_agents: 'https://cdn.example.com/mf-agents/mf-manifest.json',
      },
      remoteFallbacks: {},
      demoCredentials: { username: 'demo', password: 'demo123' },
      singleSignOn: [],
      localPasswordsEnabled: true,
      embed: { allowedOrigins: [] },
    });
  });

  it("serves a bundle's build-time brotli or gzip copy to browsers that accept it, the plain file otherwise", async () => {
    const url = `${platform.gateway.url}/remotes/mf-courses/${COURSES_VERSION}/remoteEntry.js`;
    const brotli = await rawGet(url, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(REMOTE_ENTRY_SOURCE);

    const gzip = await rawGet(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(REMOTE_ENTRY_SOURCE);

    const plain = await rawGet(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(REMOTE_ENTRY_SOURCE);
  });

  it('caches hashed chunks for a year and revalidates the manifest and the entry, of every version on disk', async () => {
    for (const version of [COURSES_VERSION, COURSES_EARLIER_VERSION]) {
      const chunk = await browser().get(`/remotes/mf-courses/${version}/${HASHED_CHUNK}`).expect(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(chunk.text).toBe(`/* mf-courses ${version} */`);
      for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
        const named = await browser().get(`/remotes/mf-courses/${version}/${file}`).expect(200);
        expect(named.headers['cache-control']).toBe('no-cache');
      }
    }
    // The compressed copy served for a hashed chunk keeps the year; for the entry it stays revalidated.
    expect((await rawGet(`${platform.gateway.url}/remotes/mf-courses/${COURSES_VERSION}/remoteEntry.js`, 'br')).headers['cache-control']).toBe('no-cache');
    // The unversioned path of before is gone: the shell must name a version.
    await browser().get('/remotes/mf-courses/mf-manifest.json').expect(404);
  });

  it("caches the shell's hashed files (antd's stylesheet) for a year, compressed, and revalidates its page", async () => {
    const stylesheet = await rawGet(`${platform.gateway.url}/${HASHED_STYLESHEET}`, 'gzip, deflate, br');
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(stylesheet.headers['content-type']).toContain('text/css');
    expect(stylesheet.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(stylesheet.body).toString()).toBe(STYLESHEET_SOURCE);
    const page = await browser().get('/').set('Accept', 'text/html').expect(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('moves a remote back and forward by configuration alone, each version still served', async () => {
    const back = await platform.startAnotherGateway({
      REMOTE_VERSIONS: `mf-courses=${COURSES_EARLIER_VERSION}`,
      REMOTE_LAST_GOOD_VERSIONS: `mf-courses=${COURSES_VERSION}`,
    });
    const backConfig = (await request(back.url).get('/app-config.json').expect(200)).body as { remotes: Record<string, string>; remoteFallbacks: Record<string, string> };
    expect(backConfig.remotes.mf_courses).toBe(`/remotes/mf-courses/${COURSES_EARLIER_VERSION}/mf-manifest.json`);
    expect(backConfig.remoteFallbacks).toEqual({ mf_courses: `/remotes/mf-courses/${COURSES_VERSION}/mf-manifest.json` });
    const manifest = await request(back.url).get(backConfig.remotes.mf_courses).expect(200);
    expect(manifest.body).toMatchObject({ metaData: { buildInfo: { buildVersion: COURSES_EARLIER_VERSION } } });

    const forward = await platform.startAnotherGateway({ REMOTE_VERSIONS: `mf-courses=${COURSES_VERSION}` });
    const forwardConfig = (await request(forward.url).get('/app-config.json').expect(200)).body as { remotes: Record<string, string> };
    expect(forwardConfig.remotes.mf_courses).toBe(`/remotes/mf-courses/${COURSES_VERSION}/mf-manifest.json`);
    expect((await request(forward.url).get(forwardConfig.remotes.mf_courses).expect(200)).body).toMatchObject({
      metaData: { buildInfo: { buildVersion: COURSES_VERSION } },
    });
  });

  it('shows the configured demo sign-in in the runtime config, or none when told to hide it', async () => {
    const renamed = await platform.startAnotherGateway({ DEMO_USERNAME: 'visitor', DEMO_PASSWORD: 'try-masar-2026' });
    const shown = await request(renamed.url).get('/app-config.json').expect(200);
    expect(shown.body.demoCredentials).toEqual({ username: 'visitor', password: 'try-masar-2026' });

    const hidden = await platform.startAnotherGateway({ SHOW_DEMO_CREDENTIALS: 'false' });
    const withoutCredentials = await request(hidden.url).get('/app-config.json').expect(200);
    expect(withoutCredentials.body.demoCredentials).toBeNull();
  });

  it('answers unknown API paths with a JSON 404, never the shell page', async () => {
    const response = await browser().get('/api/nothing-here').set('Accept', 'text/html').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/nothing-here' });
  });
});

describe('session lifetime', () => {

  it('ends a session left idle, on the server, while an active one rolls on', async () => {
    const idleLimited = await platform.startAnotherGateway({ SESSION_IDLE_MINUTES: '0.02' }); // 1.2 s
    // Raw cookies, not a cookie jar: the cookie's own Expires (whole seconds) must not decide this.
    const gateway = request(idleLimited.url);
    const idleCookie = sessionCookieOf(await gateway.post('/api/auth/demo-login').expect(200)).split(';')[0];
    const activeCookie = sessionCookieOf(await gateway.post('/api/auth/demo-login').expect(200)).split(';')[0];
    for (let step = 0; step < 6; step += 1) {
      await pause(400);
      await gateway.get('/api/auth/user').set('Cookie', activeCookie).expect(200);
    }
    // 2.4 s without a request: Redis has dropped the session (its TTL follows the idle limit).
    await gateway.get('/api/auth/user').set('Cookie', idleCookie).expect(401);
  });

  it('ends a session at the absolute limit however active it is', async () => {
    const absoluteLimited = await platform.startAnotherGateway({ SESSION_ABSOLUTE_HOURS: '0.0005' }); // 1.8 s
    const active = await browser(absoluteLimited).post('/api/auth/demo-login').expect(200);
    const cookie = sessionCookieOf(active).split(';')[0];
    const signedInAt = Date.now();
    const gateway = request(absoluteLimited.url);
    while (Date.now() - signedInAt < 1200) {
      await gateway.get('/api/auth/user').set('Cookie', cookie).expect(200);
      await pause(300);
    }
    await pause(Math.max(0, 2200 - (Date.now() - signedInAt)));
    await gateway.get('/api/auth/user').set('Cookie', cookie).expect(401);
  });
});

describe('when a user or a service goes away', () => {
  /** The gateway keeps a user it read for SESSION_USER_CACHE_MS; these tests change identity around it, so they wait that long. */
  const USER_CACHE_MS = 300;
  let shortMemory: RunningGateway;
  beforeAll(async () => {
    shortMemory = await platform.startAnotherGateway({ SESSION_USER_CACHE_MS: String(USER_CACHE_MS) });
  });

  it('ends the session of a user who no longer exists, once the user it kept is old', async () => {
    const agent = await signedIn('demo', 'demo123', shortMemory);
    await agent.get('/api/auth/user').expect(200);
    const client = new Client({ connectionString: platform.database.url });
    await client.connect();
    // Deleted around Masar: no change passes through the gateway to make it forget the user.
    await client.query(`DELETE FROM identity.users WHERE username = 'demo'`);
    await client.end();
    await pause(USER_CACHE_MS + 100);
    await agent.get('/api/auth/user').expect(401);
  });

  it('answers 503 "identity is unavailable" within 5 seconds once identity is stopped', async () => {
    const agent = await signedIn('admin', 'admin123', shortMemory);
    await platform.identity.stop();
    await pause(USER_CACHE_MS + 100);
    const startedAt = Date.now();
    const response = await agent.get('/api/auth/user').expect(503);
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(response.body).toEqual({ statusCode: 503, message: 'identity is unavailable' });
  });
});
