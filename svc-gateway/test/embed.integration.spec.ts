import { createdEmbedClientSchema, EMBED_CLIENT_REFUSED_MESSAGE, EMBED_SESSION_HEADER, embedTokenReplySchema } from '@masar/contracts';
import { SignJWT, UnsecuredJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EMBED_CREDENTIALS_MISSING_MESSAGE } from '../src/embed/embed.controller';
import { EMBED_SESSION_HEADER_REFUSED } from '../src/embed/embed-session-header.middleware';
import { EMBED_SESSION_OTHER_ORIGIN_MESSAGE } from '../src/embed/embed-host-origin.middleware';
import {
  EMBED_CLIENT_REVOKED_MESSAGE,
  EMBED_ORIGIN_NOT_ALLOWED_MESSAGE,
  EMBED_TOKEN_EXPIRED_MESSAGE,
  EMBED_TOKEN_INVALID_MESSAGE,
  EMBED_TOKEN_REPLAYED_MESSAGE,
  EMBED_TOKEN_WRONG_AUDIENCE_MESSAGE,
} from '../src/embed/embed-tokens.service';
import { CROSS_SITE_MESSAGE } from '../src/security/cross-site-request.middleware';
import { Platform, signedInAgent, startPlatform } from './support/platform';

const SUITE = 'http://127.0.0.1:8392';
const OTHER_SUITE = 'https://other-suite.example';

let platform: Platform;
let admin: request.Agent;
let client: { clientId: string; clientSecret: string; id: string };
let demoEmail: string;
let demoId: string;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function createClient(name: string) {
  const created = createdEmbedClientSchema.parse((await admin.post('/api/admin/embed-clients').send({ name }).expect(201)).body);
  return { clientId: created.client.clientId, clientSecret: created.clientSecret, id: created.client.id };
}

/** What the suite's server does: its client credentials and the person, for its own origin. */
async function issueToken(audience = SUITE, credentials = client, gatewayUrl = platform.gateway.url): Promise<string> {
  const reply = await request(gatewayUrl)
    .post('/api/embed/tokens')
    .set('Authorization', basic(credentials.clientId, credentials.clientSecret))
    .send({ userEmail: demoEmail, audience })
    .expect(200);
  return embedTokenReplySchema.parse(reply.body).token;
}

/** What the frame does, from Masar's own origin. */
function exchange(token: string, hostOrigin = SUITE, gatewayUrl = platform.gateway.url) {
  return request(gatewayUrl).post('/api/embed/session').set('Origin', gatewayUrl).send({ token, hostOrigin });
}

beforeAll(async () => {
  platform = await startPlatform({ EMBED_ALLOWED_ORIGINS: `${SUITE}, ${OTHER_SUITE}` });
  admin = (await signedInAgent(platform, 'admin', 'admin123')).agent;
  const demo = await signedInAgent(platform, 'demo', 'demo123');
  const me = (await demo.agent.get('/api/auth/user').expect(200)).body as { email: string; id: string };
  demoEmail = me.email;
  demoId = me.id;
  client = await createClient('Acme HR suite');
});

afterAll(async () => {
  await platform?.stop();
});

describe('embed client credentials (admins)', () => {
  it('lists clients without secrets; learners may not see or create them; a blank name is a 400', async () => {
    const listed = (await admin.get('/api/admin/embed-clients').expect(200)).body as { clients: Array<{ clientId: string }> };
    expect(listed.clients.map((item) => item.clientId)).toContain(client.clientId);
    expect(JSON.stringify(listed)).not.toContain(client.clientSecret);
    const learner = (await signedInAgent(platform, 'demo', 'demo123')).agent;
    await learner.get('/api/admin/embed-clients').expect(403);
    await learner.post('/api/admin/embed-clients').send({ name: 'mine' }).expect(403);
    const blank = await admin.post('/api/admin/embed-clients').send({ name: '   ' }).expect(400);
    expect(blank.body.message).toMatch(/name/);
    await admin.post('/api/admin/embed-clients/not-a-uuid/revoke').expect(404);
    await admin.post(`/api/admin/embed-clients/${randomUUID()}/revoke`).expect(404);
  });
});

describe('embed tokens, server to server', () => {
  it('asks for Basic credentials, and refuses wrong ones, an audience that may not embed and a bad body', async () => {
    const missing = await request(platform.gateway.url).post('/api/embed/tokens').send({ userEmail: demoEmail, audience: SUITE }).expect(401);
    expect(missing.body.message).toBe(EMBED_CREDENTIALS_MISSING_MESSAGE);
    expect(missing.headers['www-authenticate']).toMatch(/^Basic/);
    const wrong = await request(platform.gateway.url)
      .post('/api/embed/tokens')
      .set('Authorization', basic(client.clientId, `${client.clientSecret}x`))
      .send({ userEmail: demoEmail, audience: SUITE })
      .expect(401);
    expect(wrong.body.message).toBe(EMBED_CLIENT_REFUSED_MESSAGE);
    const elsewhere = await request(platform.gateway.url)
      .post('/api/embed/tokens')
      .set('Authorization', basic(client.clientId, client.clientSecret))
      .send({ userEmail: demoEmail, audience: 'https://evil.example' })
      .expect(400);
    expect(elsewhere.body.message).toContain(EMBED_ORIGIN_NOT_ALLOWED_MESSAGE);
    await request(platform.gateway.url)
      .post('/api/embed/tokens')
      .set('Authorization', basic(client.clientId, client.clientSecret))
      .send({ userEmail: 'not an email', audience: SUITE })
      .expect(400);
    await request(platform.gateway.url)
      .post('/api/embed/tokens')
      .set('Authorization', basic(client.clientId, client.clientSecret))
      .send({ userEmail: 'nobody@masar.test', audience: SUITE })
      .expect(404);
  });

  it("locks a client id out after ten wrong secrets, before its secret is checked again; other clients and good secrets are not counted", async () => {
    const guessed = await createClient('Guessed suite');
    const other = await createClient('Busy suite');
    const ask = (credentials: { clientId: string; clientSecret: string }) =>
      request(platform.gateway.url).post('/api/embed/tokens').set('Authorization', basic(credentials.clientId, credentials.clientSecret)).send({ userEmail: demoEmail, audience: SUITE });
    // A busy suite asks often: good secrets never count.
    for (let page = 0; page < 12; page += 1) await ask(other).expect(200);
    for (let guess = 0; guess < 10; guess += 1) await ask({ ...guessed, clientSecret: `guess-${guess}` }).expect(401);
    const lockedOut = await ask(guessed).expect(429);
    expect(lockedOut.body.message).toBe('Too many wrong embed client credentials. Please wait 15 minutes and try again.');
    await ask(other).expect(200);
  });

  it('issues a short-lived token bound to the host origin', async () => {
    const reply = await request(platform.gateway.url)
      .post('/api/embed/tokens')
      .set('Authorization', basic(client.clientId, client.clientSecret))
      .send({ userEmail: demoEmail, audience: SUITE })
      .expect(200);
    const { token, expiresIn } = embedTokenReplySchema.parse(reply.body);
    expect(expiresIn).toBeLessThanOrEqual(300);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ aud: SUITE, sub: demoId, iss: 'masar', client_id: client.clientId });
    expect(typeof claims.jti).toBe('string');
    expect((claims.exp as number) - (claims.iat as number)).toBe(expiresIn);
  });
});

describe('the frame exchanges its token for a session', () => {
  it('gets a session token that works in a header, once', async () => {
    const token = await issueToken();
    const exchanged = await exchange(token).expect(200);
    expect(exchanged.body.user).toMatchObject({ id: demoId });
    const sessionToken = exchanged.body.sessionToken as string;
    // No cookie: the frame on another site has none, only the header.
    const me = await request(platform.gateway.url).get('/api/auth/user').set(EMBED_SESSION_HEADER, sessionToken).expect(200);
    expect(me.body.id).toBe(demoId);
    await request(platform.gateway.url).get('/api/auth/user').expect(401);

    const replayed = await exchange(token).expect(401);
    expect(replayed.body.message).toBe(EMBED_TOKEN_REPLAYED_MESSAGE);
  });

  it('refuses a token for another host, a host that may not embed, a forged and an unsigned token', async () => {
    const forOtherSuite = await issueToken(OTHER_SUITE);
    expect((await exchange(forOtherSuite, SUITE).expect(401)).body.message).toBe(EMBED_TOKEN_WRONG_AUDIENCE_MESSAGE);
    // Spent by that attempt: the right host cannot use it either.
    expect((await exchange(forOtherSuite, OTHER_SUITE).expect(401)).body.message).toBe(EMBED_TOKEN_REPLAYED_MESSAGE);

    expect((await exchange(await issueToken(), 'https://evil.example').expect(401)).body.message).toBe(EMBED_ORIGIN_NOT_ALLOWED_MESSAGE);

    const forged = await new SignJWT({ client_id: client.clientId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('masar')
      .setSubject(demoId)
      .setAudience(SUITE)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(new TextEncoder().encode('a key that is not the gateway key at all'));
    expect((await exchange(forged).expect(401)).body.message).toBe(EMBED_TOKEN_INVALID_MESSAGE);
    const unsigned = new UnsecuredJWT({ client_id: client.clientId }).setIssuer('masar').setSubject(demoId).setAudience(SUITE).setJti(randomUUID()).setExpirationTime('2m').encode();
    expect((await exchange(unsigned).expect(401)).body.message).toBe(EMBED_TOKEN_INVALID_MESSAGE);
    const tampered = (await issueToken()).replace(/\.([^.]+)\./, (_whole, payload: string) => {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      return `.${Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')}.`;
    });
    expect((await exchange(tampered).expect(401)).body.message).toBe(EMBED_TOKEN_INVALID_MESSAGE);
    expect((await exchange('not.a.token').expect(401)).body.message).toBe(EMBED_TOKEN_INVALID_MESSAGE);
    await exchange('').expect(400);
  });

  it("refuses the tokens of a client revoked since it issued them", async () => {
    const doomed = await createClient('Short-lived suite');
    const token = await issueToken(SUITE, doomed);
    await admin.post(`/api/admin/embed-clients/${doomed.id}/revoke`).expect(200);
    expect((await exchange(token).expect(401)).body.message).toBe(EMBED_CLIENT_REVOKED_MESSAGE);
    await request(platform.gateway.url)
      .post('/api/embed/tokens')
      .set('Authorization', basic(doomed.clientId, doomed.clientSecret))
      .send({ userEmail: demoEmail, audience: SUITE })
      .expect(401);
  });

  it('refuses an expired token', async () => {
    const quick = await platform.startAnotherGateway({ EMBED_TOKEN_TTL_SECONDS: '1' });
    const token = await issueToken(SUITE, client, quick.url);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await exchange(token, SUITE, quick.url).expect(401)).body.message).toBe(EMBED_TOKEN_EXPIRED_MESSAGE);
  });

  it('refuses a session header this gateway did not sign', async () => {
    const refused = await request(platform.gateway.url).get('/api/auth/user').set(EMBED_SESSION_HEADER, 's:made-up.c2lnbmF0dXJl').expect(401);
    expect(refused.body.message).toBe(EMBED_SESSION_HEADER_REFUSED);
  });
});

describe('the script embed (masar.js) calls Masar from the host page itself', () => {
  it('passes the preflight of an embed origin only, without credentials', async () => {
    const preflight = await request(platform.gateway.url)
      .options('/api/embed/session')
      .set('Origin', SUITE)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', `content-type, ${EMBED_SESSION_HEADER}`)
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SUITE);
    expect(preflight.headers['access-control-allow-headers']).toContain(EMBED_SESSION_HEADER);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.headers.vary).toContain('Origin');

    const elsewhere = await request(platform.gateway.url)
      .options('/api/embed/session')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('exchanges the token from the host page, then works with the header only; a cookie alone is refused', async () => {
    const token = await issueToken();
    const exchanged = await request(platform.gateway.url)
      .post('/api/embed/session')
      .set('Origin', SUITE)
      .send({ token, hostOrigin: SUITE })
      .expect(200);
    expect(exchanged.headers['access-control-allow-origin']).toBe(SUITE);
    const sessionToken = exchanged.body.sessionToken as string;
    const me = await request(platform.gateway.url).get('/api/auth/user').set('Origin', SUITE).set(EMBED_SESSION_HEADER, sessionToken).expect(200);
    expect(me.body.id).toBe(demoId);
    expect(me.headers['access-control-allow-origin']).toBe(SUITE);

    // A state-changing call from the embed origin riding on a cookie (a forged form post) stays refused.
    const cookieOnly = await admin.post('/api/admin/embed-clients').set('Origin', SUITE).send({ name: 'Forged' }).expect(403);
    expect(cookieOnly.body).toEqual({ statusCode: 403, message: CROSS_SITE_MESSAGE });
    // With the header it is the embedded person's own call.
    await request(platform.gateway.url).post('/api/auth/logout').set('Origin', SUITE).set(EMBED_SESSION_HEADER, sessionToken).expect(200);
    await request(platform.gateway.url).get('/api/auth/user').set(EMBED_SESSION_HEADER, sessionToken).expect(401);
  });

  it("refuses a token exchanged from another embed origin's page than its host", async () => {
    const token = await issueToken(SUITE);
    const refused = await request(platform.gateway.url)
      .post('/api/embed/session')
      .set('Origin', OTHER_SUITE)
      .send({ token, hostOrigin: SUITE })
      .expect(401);
    expect(refused.body.message).toBe(EMBED_TOKEN_WRONG_AUDIENCE_MESSAGE);
  });
});

describe('an embed session works only from the host origin it was issued for', () => {
  it("a frame's session: Masar's own page and its host pass; another embed origin's page or any other is refused, and nothing changes", async () => {
    const sessionToken = (await exchange(await issueToken()).expect(200)).body.sessionToken as string;
    const me = (origin?: string) => {
      const call = request(platform.gateway.url).get('/api/auth/user').set(EMBED_SESSION_HEADER, sessionToken);
      return origin === undefined ? call : call.set('Origin', origin);
    };
    expect((await me(platform.gateway.url).expect(200)).body.id).toBe(demoId);
    await me(SUITE).expect(200);
    // A same-origin GET names no Origin: it passes as before.
    await me().expect(200);
    for (const stranger of [OTHER_SUITE, 'https://evil.example', 'null']) {
      const refused = await me(stranger).expect(403);
      expect(refused.body).toEqual({ statusCode: 403, message: EMBED_SESSION_OTHER_ORIGIN_MESSAGE });
    }
    // A state-changing call from the other embed origin (which passes the cross-site guard with the header) is refused before it acts.
    const logout = await request(platform.gateway.url).post('/api/auth/logout').set('Origin', OTHER_SUITE).set(EMBED_SESSION_HEADER, sessionToken).expect(403);
    expect(logout.body.message).toBe(EMBED_SESSION_OTHER_ORIGIN_MESSAGE);
    await me(platform.gateway.url).expect(200);
  });

  it("a script embed's session: the host's page passes, another embed origin's page is refused", async () => {
    const exchanged = await request(platform.gateway.url).post('/api/embed/session').set('Origin', OTHER_SUITE).send({ token: await issueToken(OTHER_SUITE), hostOrigin: OTHER_SUITE }).expect(200);
    const sessionToken = exchanged.body.sessionToken as string;
    await request(platform.gateway.url).get('/api/auth/user').set('Origin', OTHER_SUITE).set(EMBED_SESSION_HEADER, sessionToken).expect(200);
    const refused = await request(platform.gateway.url).get('/api/auth/user').set('Origin', SUITE).set(EMBED_SESSION_HEADER, sessionToken).expect(403);
    expect(refused.body.message).toBe(EMBED_SESSION_OTHER_ORIGIN_MESSAGE);
    await request(platform.gateway.url).post('/api/auth/logout').set('Origin', OTHER_SUITE).set(EMBED_SESSION_HEADER, sessionToken).expect(200);
  });

  it("the portal's own sessions are bound to no host", async () => {
    await admin.get('/api/auth/user').set('Origin', OTHER_SUITE).expect(200);
  });

  it('answers CORS to the exact embed origins only: no near miss gets Access-Control-Allow-Origin', async () => {
    const nearMisses = [
      `${SUITE}/`,
      SUITE.replace('http://', 'https://'),
      SUITE.toUpperCase(),
      `${SUITE}0`,
      SUITE.replace(':8392', ''),
      'http://localhost:8392',
      `${SUITE}.evil.example`,
      `http://evil.example?${SUITE}`,
      OTHER_SUITE.replace('other-suite', 'other-suite.attacker'),
      'null',
    ];
    for (const origin of nearMisses) {
      const preflight = await request(platform.gateway.url)
        .options('/api/auth/user')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', EMBED_SESSION_HEADER);
      expect([origin, preflight.headers['access-control-allow-origin'], preflight.headers['access-control-allow-headers']]).toEqual([origin, undefined, undefined]);
      const simple = await request(platform.gateway.url).get('/api/health').set('Origin', origin);
      expect([origin, simple.headers['access-control-allow-origin']]).toEqual([origin, undefined]);
    }
    for (const origin of [SUITE, OTHER_SUITE]) {
      const simple = await request(platform.gateway.url).get('/api/health').set('Origin', origin);
      expect(simple.headers['access-control-allow-origin']).toBe(origin);
      expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
    }
    // The frames' CSP names the same exact origins and nothing wider (no scheme or wildcard sources).
    const embedPage = await request(platform.gateway.url).get('/embed/courses').set('Accept', 'text/html').expect(200);
    const frameAncestors = /frame-ancestors ([^;]*)/.exec(String(embedPage.headers['content-security-policy']))?.[1].trim().split(/\s+/);
    expect(frameAncestors).toEqual(["'self'", SUITE, OTHER_SUITE]);
  });
});

describe('who may frame Masar', () => {
  it('lets the embed origins frame /embed/* pages only; every other page keeps its policy', async () => {
    const embedPage = await request(platform.gateway.url).get('/embed/skill-review?lang=ar').set('Accept', 'text/html').expect(200);
    expect(embedPage.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${SUITE} ${OTHER_SUITE}`);
    expect(embedPage.headers['x-frame-options']).toBeUndefined();
    const portal = await request(platform.gateway.url).get('/courses').set('Accept', 'text/html').expect(200);
    expect(portal.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(portal.headers['content-security-policy']).not.toContain(SUITE);
    expect(portal.headers['x-frame-options']).toBe('SAMEORIGIN');
    const config = await request(platform.gateway.url).get('/app-config.json').expect(200);
    expect(config.body.embed).toEqual({ allowedOrigins: [SUITE, OTHER_SUITE] });
  });
});
