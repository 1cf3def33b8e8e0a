import { userSchema } from '@masar/contracts';
import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import request from 'supertest';
import {
  DEPLOYMENT_UNKNOWN_MESSAGE,
  ENTRY_EXPIRED_MESSAGE,
  LAUNCH_EXPIRED_MESSAGE,
  NONCE_REPLAYED_MESSAGE,
  PLATFORM_UNKNOWN_MESSAGE,
  TARGET_NOT_MASAR_MESSAGE,
  TOKEN_AUDIENCE_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
  TOKEN_SIGNATURE_MESSAGE,
} from '../src/lti/lti-launch.service';
import { LTI_EMAIL_MISSING_MESSAGE } from '../src/lti/lti-claims';
import { LTI_NOT_CONFIGURED_MESSAGE } from '../src/lti/tool-key';
import { CROSS_SITE_MESSAGE } from '../src/security/cross-site-request.middleware';
import { CHOICE_INVALID_MESSAGE, DEEP_LINKING_EXPIRED_MESSAGE, PLACING_NOT_ALLOWED_MESSAGE } from '../src/lti/lti-deep-linking.service';
import { signedInAgent, Platform, startPlatform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';
import { ltiToolEnvironment, SimulatedPlatform, startSimulatedPlatform } from './support/lti-platform';

const TOOL_PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let masar: Platform;
let lms: SimulatedPlatform;
let courses: StandInCourses;

/** The LMS starts a login; answers the state and nonce Masar sent to the platform's auth endpoint. */
async function startLogin(targetPath = '/courses/4b5c2a8e-2f0e-4d7a-9a54-1c2d3e4f5a6b', extra: Record<string, string> = {}) {
  const started = await request(masar.gateway.url)
    .post('/api/lti/login')
    .set('Origin', lms.origin)
    .type('form')
    .send({ iss: lms.issuer, login_hint: 'user-7', target_link_uri: `${masar.gateway.url}${targetPath}`, client_id: lms.clientId, lti_deployment_id: lms.deploymentId, ...extra })
    .expect(302);
  const authorization = new URL(started.headers.location as string);
  expect(`${authorization.origin}${authorization.pathname}`).toBe(lms.authLoginUrl);
  expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: lms.clientId,
    redirect_uri: `${masar.gateway.url}/api/lti/launch`,
    login_hint: 'user-7',
  });
  // Nothing about the launch is kept in a cookie: LMS frames drop third-party cookies.
  expect(started.headers['set-cookie']).toBeUndefined();
  return { state: authorization.searchParams.get('state')!, nonce: authorization.searchParams.get('nonce')!, targetPath };
}

/** The LMS's form posted to Masar's launch URL, by a browser of its own or by `browser`. */
function postLaunch(body: Record<string, string>, headers: Record<string, string> = {}, browser?: ReturnType<typeof request.agent>) {
  return (browser ?? request(masar.gateway.url)).post('/api/lti/launch').set('Origin', lms.origin).set(headers).type('form').send(body);
}

/** The confirmation page's Continue: its form posted with the code it carries. */
function continueFrom(page: string, browser: ReturnType<typeof request.agent>) {
  const code = /name="code" value="([^"]+)"/.exec(page)?.[1] ?? '';
  return browser.post('/api/lti/enter').set('Origin', masar.gateway.url).type('form').send({ code: code.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))) });
}

async function launchTokenFor(login: { nonce: string; targetPath: string }, overrides: Record<string, unknown> = {}, sub = 'lms-user-7') {
  return lms.signIdToken({
    ...lms.resourceLinkClaims({ sub, nonce: login.nonce, targetLinkUri: `${masar.gateway.url}${login.targetPath}`, email: 'Layla@School.example' }),
    ...overrides,
  });
}

beforeAll(async () => {
  lms = await startSimulatedPlatform();
  masar = await startPlatform(ltiToolEnvironment(lms, TOOL_PRIVATE_KEY));
});

afterAll(async () => {
  await courses?.close();
  await masar?.stop();
  await lms?.stop();
});

describe('LTI 1.3 tool: keys and registration', () => {
  it("publishes the tool's public key, whose kid is its JWK thumbprint", async () => {
    const jwks = await request(masar.gateway.url).get('/api/lti/jwks').expect(200);
    expect(jwks.body.keys).toHaveLength(1);
    const [key] = jwks.body.keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key.d).toBeUndefined();
  });

  it('tells an admin the URLs to paste into the LMS; learners and visitors may not see them', async () => {
    const admin = await signedInAgent(masar, 'admin', 'admin123');
    const registration = await admin.agent.get('/api/lti/registration').expect(200);
    expect(registration.body).toEqual({
      loginUrl: `${masar.gateway.url}/api/lti/login`,
      launchUrl: `${masar.gateway.url}/api/lti/launch`,
      jwksUrl: `${masar.gateway.url}/api/lti/jwks`,
      deepLinkingUrl: `${masar.gateway.url}/api/lti/launch`,
      platforms: [{ name: 'Simulated LMS', issuer: lms.issuer, clientId: lms.clientId, deploymentIds: [lms.deploymentId] }],
    });
    await request(masar.gateway.url).get('/api/lti/registration').expect(401);
    const learner = await signedInAgent(masar, 'demo', 'demo123');
    await learner.agent.get('/api/lti/registration').expect(403);
  });

  it('answers 404 with a message where LTI is not configured', async () => {
    const withoutLti = await masar.startAnotherGateway({ LTI_PLATFORMS: '', LTI_TOOL_PRIVATE_KEY: '' });
    expect((await request(withoutLti.url).get('/api/lti/jwks').expect(404)).body).toEqual({ statusCode: 404, message: LTI_NOT_CONFIGURED_MESSAGE });
    await request(withoutLti.url).get('/api/lti/login').query({ iss: lms.issuer }).expect(404);
  });
});

describe('LTI 1.3 tool: login and launch', () => {
  it('a valid launch signs the LMS user in just in time as a learner and opens the target course', async () => {
    const login = await startLogin();
    const browser = request.agent(masar.gateway.url);
    const launched = await postLaunch({ id_token: await launchTokenFor(login), state: login.state }, {}, browser).expect(303);
    const enterUrl = launched.headers.location as string;
    expect(enterUrl).toMatch(/^\/api\/lti\/enter\?code=/);

    // The browser that launched goes straight in (its entry cookie matches the code).
    const entered = await browser.get(enterUrl).expect(302);
    expect(entered.headers.location).toBe(login.targetPath);
    const user = userSchema.parse((await browser.get('/api/auth/user').expect(200)).body);
    expect(user).toMatchObject({ email: 'layla@school.example', firstName: 'Layla', lastName: 'Haddad', role: 'learner', preferredLanguage: 'en' });

    // The code is good once: a copied link signs nobody in.
    const copied = await request(masar.gateway.url).get(enterUrl).expect(401);
    expect(copied.body).toEqual({ statusCode: 401, message: ENTRY_EXPIRED_MESSAGE });

    // The next launch of the same LMS user is the same Masar account, even as an Instructor.
    const again = await startLogin('/learning-paths');
    const token = await launchTokenFor(again, { [`https://purl.imsglobal.org/spec/lti/claim/roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'] });
    const second = request.agent(masar.gateway.url);
    const enterAgain = (await postLaunch({ id_token: token, state: again.state }, {}, second).expect(303)).headers.location as string;
    expect((await second.get(enterAgain).expect(302)).headers.location).toBe('/learning-paths');
    expect((await second.get('/api/auth/user').expect(200)).body).toMatchObject({ id: user.id, role: 'learner' });
  });

  it('inside an LMS frame the launch answers a page the LMS may frame, opening Masar in its own window', async () => {
    const login = await startLogin();
    const token = await launchTokenFor(login, { [`https://purl.imsglobal.org/spec/lti/claim/launch_presentation`]: { locale: 'ar-SA' } }, 'lms-user-8');
    const page = await postLaunch({ id_token: token, state: login.state }, { 'Sec-Fetch-Dest': 'iframe' }).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${lms.origin}`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.text).toContain('<html lang="ar" dir="rtl">');
    expect(page.text).toContain('الفتح في نافذة جديدة');
    const link = /href="([^"]+)" target="_blank" rel="noopener"/.exec(page.text);
    expect(link).not.toBeNull();
    // The new window is another context without the launch's cookie: it names the account first, in Arabic.
    const browser = request.agent(masar.gateway.url);
    const confirm = await browser.get(link![1]!.replace(/&#38;/g, '&')).expect(200);
    expect(confirm.text).toContain('المتابعة بهذا الحساب');
    expect(confirm.text).toContain('(layla@school.example)');
    await browser.get('/api/auth/user').expect(401);
    expect((await continueFrom(confirm.text, browser).expect(303)).headers.location).toBe(login.targetPath);
    expect((await browser.get('/api/auth/user').expect(200)).body).toMatchObject({ preferredLanguage: 'ar' });
  });

  it('a launch link opened in another browser signs nobody in until that person presses Continue, naming whose account it is (no login CSRF)', async () => {
    const login = await startLogin();
    const attacker = request.agent(masar.gateway.url);
    const enterUrl = (await postLaunch({ id_token: await launchTokenFor(login), state: login.state }, {}, attacker).expect(303)).headers.location as string;

    // The link sent to someone else: a page naming the launching person, with Continue as a form post.
    const victim = request.agent(masar.gateway.url);
    const page = await victim.get(enterUrl).expect(200);
    expect(page.text).toContain('Layla Haddad');
    expect(page.text).toContain('Continue as this person');
    expect(page.text).toContain('<form method="post" action="/api/lti/enter">');
    // Not framed by the LMS or anyone else, so nobody can dress it up.
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'\s*$/);
    await victim.get('/api/auth/user').expect(401);
    // A cross-site page cannot press Continue for them.
    await victim.post('/api/lti/enter').set('Origin', 'https://attacker.example').type('form').send({ code: new URL(enterUrl, masar.gateway.url).searchParams.get('code') }).expect(403);
    await victim.get('/api/auth/user').expect(401);

    // Looking does not use the code: the launching browser still enters with it, once.
    await attacker.get(enterUrl).expect(302);
    expect((await victim.get(enterUrl).expect(401)).body).toEqual({ statusCode: 401, message: ENTRY_EXPIRED_MESSAGE });
    await continueFrom(page.text, victim).expect(401);
  });

  it('refuses a replayed launch (same state) and a replayed nonce under a new state with 401', async () => {
    const first = await startLogin();
    const token = await launchTokenFor(first);
    await postLaunch({ id_token: token, state: first.state }).expect(303);
    expect((await postLaunch({ id_token: token, state: first.state }).expect(401)).body).toEqual({ statusCode: 401, message: LAUNCH_EXPIRED_MESSAGE });

    const second = await startLogin();
    const replayedNonce = await launchTokenFor({ ...second, nonce: first.nonce });
    expect((await postLaunch({ id_token: replayedNonce, state: second.state }).expect(401)).body).toEqual({ statusCode: 401, message: NONCE_REPLAYED_MESSAGE });
  });

  it('refuses an unknown state with 401', async () => {
    const login = await startLogin();
    const refused = await postLaunch({ id_token: await launchTokenFor(login), state: 'never-issued' }).expect(401);
    expect(refused.body).toEqual({ statusCode: 401, message: LAUNCH_EXPIRED_MESSAGE });
  });

  it('refuses a tampered token, one signed by another key, and alg none with 401', async () => {
    const login = await startLogin();
    const token = await launchTokenFor(login);
    const [header, payload, signature] = token.split('.');
    const claims = decodeJwt(token);
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, email: 'boss@school.example' })).toString('base64url');
    for (const forged of [
      `${header}.${tamperedPayload}.${signature}`,
      await lms.signIdToken(lms.resourceLinkClaims({ sub: 'x', nonce: login.nonce, targetLinkUri: `${masar.gateway.url}/`, email: 'x@school.example' }), { key: 'other' }),
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
    ]) {
      // A refused token leaves the state unused, so each forgery is tried against a fresh login.
      const attempt = await startLogin();
      const refused = await postLaunch({ id_token: forged, state: attempt.state }).expect(401);
      expect(refused.body).toEqual({ statusCode: 401, message: TOKEN_SIGNATURE_MESSAGE });
    }
    // The genuine token's nonce was not burnt by the forgeries.
    await postLaunch({ id_token: token, state: login.state }).expect(303);
  });

  it('refuses a token for another audience, or several audiences without azp naming Masar, with 401', async () => {
    for (const audience of ['another-tool', [lms.clientId, 'another-tool']]) {
      const login = await startLogin();
      const token = await lms.signIdToken(
        lms.resourceLinkClaims({ sub: 'lms-user-7', nonce: login.nonce, targetLinkUri: `${masar.gateway.url}/`, email: 'layla@school.example' }),
        { audience },
      );
      expect((await postLaunch({ id_token: token, state: login.state }).expect(401)).body).toEqual({ statusCode: 401, message: TOKEN_AUDIENCE_MESSAGE });
    }
  });

  it('refuses an expired token with 401', async () => {
    const login = await startLogin();
    const token = await lms.signIdToken(
      lms.resourceLinkClaims({ sub: 'lms-user-7', nonce: login.nonce, targetLinkUri: `${masar.gateway.url}/`, email: 'layla@school.example' }),
      { expiresInSeconds: -60 },
    );
    expect((await postLaunch({ id_token: token, state: login.state }).expect(401)).body).toEqual({ statusCode: 401, message: TOKEN_EXPIRED_MESSAGE });
  });

  it('refuses an unknown deployment id with 403, at login and at launch', async () => {
    const atLogin = await request(masar.gateway.url)
      .get('/api/lti/login')
      .query({ iss: lms.issuer, login_hint: 'u', target_link_uri: `${masar.gateway.url}/`, lti_deployment_id: 'deployment-of-someone-else' })
      .expect(403);
    expect(atLogin.body).toEqual({ statusCode: 403, message: DEPLOYMENT_UNKNOWN_MESSAGE });
    const login = await startLogin();
    const token = await launchTokenFor(login, { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-of-someone-else' });
    expect((await postLaunch({ id_token: token, state: login.state }).expect(403)).body).toEqual({ statusCode: 403, message: DEPLOYMENT_UNKNOWN_MESSAGE });
  });

  it('refuses bad login requests with 4xx: missing fields, an unknown LMS, a target outside Masar', async () => {
    const missing = await request(masar.gateway.url).get('/api/lti/login').query({ iss: lms.issuer }).expect(400);
    expect(missing.body.message).toMatch(/login_hint, target_link_uri/);
    const unknown = await request(masar.gateway.url)
      .get('/api/lti/login')
      .query({ iss: 'https://lms.evil.example', login_hint: 'u', target_link_uri: `${masar.gateway.url}/` })
      .expect(403);
    expect(unknown.body).toEqual({ statusCode: 403, message: PLATFORM_UNKNOWN_MESSAGE });
    const elsewhere = await request(masar.gateway.url)
      .get('/api/lti/login')
      .query({ iss: lms.issuer, login_hint: 'u', target_link_uri: 'https://phishing.example/courses' })
      .expect(400);
    expect(elsewhere.body).toEqual({ statusCode: 400, message: TARGET_NOT_MASAR_MESSAGE });
    await postLaunch({ state: 'x' }).expect(400);
    // Only the LTI endpoints take posts from the LMS's origin: the rest of the API still refuses them.
    const elsewherePost = await request(masar.gateway.url).post('/api/auth/login').set('Origin', lms.origin).send({ username: 'admin', password: 'admin123' }).expect(403);
    expect(elsewherePost.body).toEqual({ statusCode: 403, message: CROSS_SITE_MESSAGE });
  });

  it('refuses a launch without an email with 403 and creates no account', async () => {
    const login = await startLogin();
    const token = await lms.signIdToken(lms.resourceLinkClaims({ sub: 'no-email-user', nonce: login.nonce, targetLinkUri: `${masar.gateway.url}/` }));
    expect((await postLaunch({ id_token: token, state: login.state }).expect(403)).body).toEqual({ statusCode: 403, message: LTI_EMAIL_MISSING_MESSAGE });
  });
});

describe('LTI 1.3 tool: deep linking', () => {
  const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';
  const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
  const returnUrl = () => `${lms.origin}/deep-linking/return`;

  beforeAll(async () => {
    courses = new StandInCourses();
    await courses.up();
  });

  async function deepLinkingLaunch(roles: string[], locale = 'en-US', sub = 'lms-teacher-1') {
    const login = await startLogin('/api/lti/launch');
    const token = await lms.signIdToken({
      ...lms.resourceLinkClaims({ sub, nonce: login.nonce, targetLinkUri: `${masar.gateway.url}/api/lti/launch`, email: `${sub}@school.example`, roles, locale }),
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingRequest',
      [`${DL}/deep_linking_settings`]: { deep_link_return_url: returnUrl(), accept_types: ['ltiResourceLink'], data: 'opaque-platform-data' },
    });
    return postLaunch({ id_token: token, state: login.state }, { 'Sec-Fetch-Dest': 'iframe' });
  }

  function withStatus(response: request.Response, status: number): request.Response {
    expect({ status: response.status, body: response.body }).toMatchObject({ status });
    return response;
  }

  function selectionOf(page: string): string {
    return /name="selection" value="([^"]+)"/.exec(page)![1]!;
  }

  it("round trip: an instructor picks a published course; the signed answer verifies with Masar's JWKS and names it", async () => {
    const published = courses.seed({ title: 'Data Literacy', titleAr: 'الثقافة البيانية', status: 'published' });
    const draft = courses.seed({ title: 'Unfinished Draft', status: 'draft' });

    const picker = withStatus(await deepLinkingLaunch([INSTRUCTOR]), 200);
    expect(picker.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${lms.origin}`);
    expect(picker.text).toContain('Data Literacy');
    expect(picker.text).not.toContain('Unfinished Draft');
    expect(picker.text).toContain(`value="course:${published.id}"`);

    const selection = selectionOf(picker.text);
    const answered = await request(masar.gateway.url)
      .post('/api/lti/deep-linking')
      .set('Origin', masar.gateway.url)
      .type('form')
      .send({ selection, choice: `course:${published.id}` })
      .expect(200);
    expect(answered.headers['content-security-policy']).toContain(`form-action 'self' ${lms.origin}`);
    expect(answered.text).toContain(`<form method="post" action="${returnUrl()}" data-auto-submit>`);
    expect(answered.text).toContain('<script src="/api/lti/auto-submit.js"></script>');
    const jwt = /name="JWT" value="([^"]+)"/.exec(answered.text)![1]!;

    const keys = createLocalJWKSet((await request(masar.gateway.url).get('/api/lti/jwks').expect(200)).body);
    const { payload, protectedHeader } = await jwtVerify(jwt, keys, { issuer: lms.clientId, audience: lms.issuer, algorithms: ['RS256'] });
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload).toMatchObject({
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': lms.deploymentId,
      [`${DL}/data`]: 'opaque-platform-data',
      [`${DL}/content_items`]: [{ type: 'ltiResourceLink', title: 'Data Literacy', url: `${masar.gateway.url}/courses/${published.id}` }],
    });

    // The selection is good once; a draft or an unknown choice is refused without using one up.
    const again = await request(masar.gateway.url).post('/api/lti/deep-linking').type('form').send({ selection, choice: `course:${published.id}` }).expect(401);
    expect(again.body).toEqual({ statusCode: 401, message: DEEP_LINKING_EXPIRED_MESSAGE });
    const second = selectionOf((withStatus(await deepLinkingLaunch([INSTRUCTOR]), 200)).text);
    const refusedDraft = await request(masar.gateway.url).post('/api/lti/deep-linking').type('form').send({ selection: second, choice: `course:${draft.id}` }).expect(400);
    expect(refusedDraft.body).toEqual({ statusCode: 400, message: CHOICE_INVALID_MESSAGE });
    await request(masar.gateway.url).post('/api/lti/deep-linking').type('form').send({ selection: 'x', choice: 'anything' }).expect(400);

    const served = await request(masar.gateway.url).get('/api/lti/auto-submit.js').expect(200);
    expect(served.headers['content-type']).toMatch(/javascript/);
  });

  it('offers the learning path too, in Arabic for an Arabic-speaking instructor', async () => {
    courses.seed({ title: 'Data Literacy', titleAr: 'الثقافة البيانية', status: 'published' });
    const picker = withStatus(await deepLinkingLaunch([INSTRUCTOR], 'ar', 'lms-teacher-ar'), 200);
    expect(picker.text).toContain('<html lang="ar" dir="rtl">');
    expect(picker.text).toContain('الثقافة البيانية');
    const answered = await request(masar.gateway.url)
      .post('/api/lti/deep-linking')
      .type('form')
      .send({ selection: selectionOf(picker.text), choice: 'learning-path' })
      .expect(200);
    const payload = decodeJwt(/name="JWT" value="([^"]+)"/.exec(answered.text)![1]!);
    expect(payload[`${DL}/content_items`]).toEqual([{ type: 'ltiResourceLink', title: 'مسار التعلّم', url: `${masar.gateway.url}/learning-paths` }]);
  });

  it('refuses a learner who sends a deep-linking request with 403', async () => {
    const refused = withStatus(await deepLinkingLaunch(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'], 'en', 'lms-student-9'), 403);
    expect(refused.body).toEqual({ statusCode: 403, message: PLACING_NOT_ALLOWED_MESSAGE });
  });
});
