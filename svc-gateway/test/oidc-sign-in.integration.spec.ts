import { SignInErrorCode, userSchema } from '@masar/contracts';
import request from 'supertest';
import { SSO_NOT_CONFIGURED_MESSAGE } from '../src/sso/oidc-provider-client';
import { LOCAL_PASSWORDS_OFF_MESSAGE } from '../src/auth/auth.service';
import { OidcProviderProcess, signInAtProvider, startOidcProvider } from './support/oidc-provider-process';
import { freePort, Platform, startPlatform } from './support/platform';

const CLIENT_ID = 'masar-portal';
const CLIENT_SECRET = 'a-test-client-secret-that-is-long-enough';

let platform: Platform;
let provider: OidcProviderProcess;
let redirectUri: string;

/** The person's browser: Masar's login link, the provider, and back to Masar's callback (not yet visited). */
async function callbackUrlFor(loginHint: string) {
  const agent = request.agent(platform.gateway.url);
  const started = await agent.get('/api/auth/oidc/login').expect(302);
  const authorizationUrl = new URL(started.headers.location as string);
  expect(authorizationUrl.origin).toBe(provider.issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  for (const parameter of ['state', 'nonce', 'code_challenge']) expect(authorizationUrl.searchParams.get(parameter)).toBeTruthy();
  const callback = new URL(await signInAtProvider(authorizationUrl.toString(), loginHint, redirectUri));
  return { agent, path: `${callback.pathname}${callback.search}` };
}

/** A refused sign-in sends the browser to the login page with the reason's code, and signs nobody in. */
function expectRefused(finished: request.Response, code: SignInErrorCode): void {
  expect(finished.status).toBe(303);
  expect(finished.headers.location).toBe(`/login?signInError=${code}`);
  expect(finished.headers['set-cookie']).toBeUndefined();
}

async function signInThroughProvider(loginHint: string) {
  const { agent, path } = await callbackUrlFor(loginHint);
  const finished = await agent.get(path);
  return { agent, path, finished };
}

beforeAll(async () => {
  const gatewayPort = await freePort();
  redirectUri = `http://127.0.0.1:${gatewayPort}/api/auth/oidc/callback`;
  provider = await startOidcProvider({
    port: await freePort(),
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri,
    postLogoutRedirectUri: `http://127.0.0.1:${gatewayPort}/login`,
    accounts: {
      'alice-at-idp': { email: 'Alice@Acme.example', given_name: 'Alice', family_name: 'Admin', locale: 'en-GB', roles: ['masar-admins', 'staff'] },
      'salma-at-idp': { email: 'salma@acme.example', given_name: 'سلمى', family_name: 'الحربي', locale: 'ar-SA', roles: ['staff'] },
      'mallory-at-idp': { email: 'mallory@elsewhere.example', given_name: 'Mallory', roles: ['masar-admins'] },
    },
  });
  platform = await startPlatform({
    PORT: String(gatewayPort),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_REDIRECT_URI: redirectUri,
    OIDC_POST_LOGOUT_REDIRECT_URI: `http://127.0.0.1:${gatewayPort}/login`,
    OIDC_ROLE_CLAIM: 'roles',
    OIDC_ADMIN_ROLE_VALUES: 'masar-admins',
    OIDC_ALLOWED_EMAIL_DOMAINS: 'acme.example',
    OIDC_DISPLAY_NAME: 'Acme',
    OIDC_STATE_KEY_PREFIX: `masar:test:oidc:${gatewayPort}:`,
  });
});

afterAll(async () => {
  await platform?.stop();
  await provider?.stop();
});

describe('single sign-on with OpenID Connect', () => {
  it("tells the login screen to offer 'Sign in with <organisation>'", async () => {
    const config = await request(platform.gateway.url).get('/app-config.json').expect(200);
    expect(config.body).toMatchObject({ singleSignOn: [{ displayName: 'Acme', loginUrl: '/api/auth/oidc/login' }], localPasswordsEnabled: true });
  });

  it('a first sign-in creates the account with the mapped role, name, email and language; the next one reuses it', async () => {
    const first = await signInThroughProvider('alice-at-idp');
    expect(first.finished.status).toBe(302);
    expect(first.finished.headers.location).toBe('/');
    const alice = userSchema.parse((await first.agent.get('/api/auth/user').expect(200)).body);
    expect(alice).toMatchObject({ role: 'admin', email: 'alice@acme.example', firstName: 'Alice', lastName: 'Admin', preferredLanguage: 'en', active: true });

    const again = await signInThroughProvider('alice-at-idp');
    expect(again.finished.status).toBe(302);
    expect((await again.agent.get('/api/auth/user').expect(200)).body.id).toBe(alice.id);

    const salma = await signInThroughProvider('salma-at-idp');
    expect(salma.finished.status).toBe(302);
    const learner = (await salma.agent.get('/api/auth/user').expect(200)).body;
    expect(learner).toMatchObject({ role: 'learner', firstName: 'سلمى', lastName: 'الحربي', preferredLanguage: 'ar' });
    expect(learner.id).not.toBe(alice.id);
  });

  it("sign-out ends the Masar session and hands the browser to the provider's logout", async () => {
    const { agent } = await signInThroughProvider('alice-at-idp');
    const loggedOut = await agent.post('/api/auth/logout').set('Origin', platform.gateway.url).expect(200);
    const logoutUrl = new URL(loggedOut.body.providerLogoutUrl as string);
    expect(`${logoutUrl.origin}${logoutUrl.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${platform.env.OIDC_POST_LOGOUT_REDIRECT_URI}`);
    expect(logoutUrl.searchParams.get('id_token_hint')).toBeTruthy();
    await agent.get('/api/auth/user').expect(401);
    // The provider accepts the hint (a forged one would be a 400) and asks to confirm its logout.
    expect((await fetch(logoutUrl)).status).toBe(200);
    const tampered = new URL(logoutUrl);
    tampered.searchParams.set('id_token_hint', `${logoutUrl.searchParams.get('id_token_hint')}x`);
    expect((await fetch(tampered)).status).toBe(400);

    // A password session has no provider to leave.
    const local = request.agent(platform.gateway.url);
    await local.post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(200);
    expect((await local.post('/api/auth/logout').set('Origin', platform.gateway.url).expect(200)).body).toEqual({ message: 'Logged out' });
  });

  it('a replayed callback (same state) is refused: to the login page with its code, signing nobody in', async () => {
    const { path, finished } = await signInThroughProvider('salma-at-idp');
    expect(finished.status).toBe(302);
    const replayer = request.agent(platform.gateway.url);
    expectRefused(await replayer.get(path), 'sign-in-expired');
    await replayer.get('/api/auth/user').expect(401);
    expectRefused(await request(platform.gateway.url).get('/api/auth/oidc/callback?code=abc&state=never-issued'), 'sign-in-expired');
  });

  it('a sign-in finished in another browser than the one that started it is refused (login CSRF), and the state is spent', async () => {
    const starter = request.agent(platform.gateway.url);
    const started = await starter.get('/api/auth/oidc/login').expect(302);
    const binding = (started.headers['set-cookie'] as unknown as string[]).find((cookie) => cookie.startsWith('masar_oidc_browser='));
    expect(binding).toMatch(/; Path=\/api\/auth\/oidc;.*HttpOnly.*SameSite=Lax/);

    // The attacker's own finished sign-in, opened in the victim's browser, which never started one.
    const { agent: attacker, path } = await callbackUrlFor('salma-at-idp');
    const victim = request.agent(platform.gateway.url);
    expectRefused(await victim.get(path), 'other-browser');
    await victim.get('/api/auth/user').expect(401);
    expectRefused(await attacker.get(path), 'sign-in-expired');
  });

  it('an id_token with the wrong audience, or with alg none, is refused', async () => {
    for (const mode of ['aud', 'none'] as const) {
      await provider.tamper(mode);
      try {
        const { agent, finished } = await signInThroughProvider('alice-at-idp');
        expectRefused(finished, 'response-unverified');
        await agent.get('/api/auth/user').expect(401);
      } finally {
        await provider.tamper('');
      }
    }
  });

  it('an id_token whose nonce is not the one this sign-in sent is refused', async () => {
    const { agent, path } = await callbackUrlFor('alice-at-idp');
    // The state now points at another sign-in's nonce, as when a token minted for one login is injected into another.
    const state = new URL(path, platform.gateway.url).searchParams.get('state');
    const { createClient } = await import('redis');
    const redis = createClient({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    await redis.connect();
    const key = `${platform.env.OIDC_STATE_KEY_PREFIX}${state}`;
    const saved = JSON.parse((await redis.get(key)) ?? '{}');
    await redis.set(key, JSON.stringify({ ...saved, nonce: 'a-nonce-from-another-sign-in' }), { EX: 60 });
    await redis.close();
    expectRefused(await agent.get(path), 'response-unverified');
  });

  it('an email outside the allowed domains is refused and creates no account', async () => {
    const { agent, finished } = await signInThroughProvider('mallory-at-idp');
    expectRefused(finished, 'email-domain');
    await agent.get('/api/auth/user').expect(401);
    const admin = (await signInThroughProvider('alice-at-idp')).agent;
    const list = await admin.get('/api/admin/users').query({ search: 'mallory' }).expect(200);
    expect(list.body.total).toBe(0);
  });

  it('a deactivated person is refused', async () => {
    const salma = await signInThroughProvider('salma-at-idp');
    const salmaId = (await salma.agent.get('/api/auth/user').expect(200)).body.id as string;
    const admin = (await signInThroughProvider('alice-at-idp')).agent;
    await admin.patch(`/api/admin/users/${salmaId}`).set('Origin', platform.gateway.url).send({ active: false }).expect(200);

    const refused = await signInThroughProvider('salma-at-idp');
    expectRefused(refused.finished, 'account-deactivated');
    await refused.agent.get('/api/auth/user').expect(401);
  });

  it('with local passwords switched off, password and demo sign-in are refused with 403', async () => {
    const gateway = await platform.startAnotherGateway({ PORT: '0', LOCAL_PASSWORDS_ENABLED: 'false' });
    const refused = await request(gateway.url).post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: LOCAL_PASSWORDS_OFF_MESSAGE });
    await request(gateway.url).post('/api/auth/demo-login').expect(403);
    const config = await request(gateway.url).get('/app-config.json').expect(200);
    expect(config.body).toMatchObject({ demoCredentials: null, localPasswordsEnabled: false });
  });

  it('sends the browser back to the login page while the provider cannot be reached, and answers 404 where single sign-on is not configured', async () => {
    const unreachable = await platform.startAnotherGateway({ PORT: '0', OIDC_ISSUER: `http://127.0.0.1:${await freePort()}` });
    expect((await request(unreachable.url).get('/api/auth/oidc/login').expect(303)).headers.location).toBe('/login?signInError=provider-unavailable');
    const withoutSso = await platform.startAnotherGateway({ PORT: '0', OIDC_ISSUER: '' });
    expect((await request(withoutSso.url).get('/api/auth/oidc/login').expect(404)).body).toEqual({ statusCode: 404, message: SSO_NOT_CONFIGURED_MESSAGE });
    expect((await request(withoutSso.url).get('/app-config.json').expect(200)).body).toMatchObject({ singleSignOn: [] });
  });
});
