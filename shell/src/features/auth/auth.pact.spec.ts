/** @jest-environment node */
// Consumer contract of the shell's API client with svc-gateway. The calls go through the
// REAL RTK Query endpoints and base query, pointed at Pact's mock server.
import { loginReplySchema, logoutReplySchema, userSchema } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { authApi } from './auth.api';

const { boolean, like, regex, uuid } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-shell-svc-gateway.json');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };

/** The demo learner as the gateway describes any user: values may differ, shapes may not. */
const demoLearner = {
  id: uuid('6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f'),
  username: like('demo'),
  role: regex('^(admin|learner)$', 'learner'),
  firstName: like('Demo'),
  lastName: like('Learner'),
  email: like('demo@masar.local'),
  preferredLanguage: regex('^(en|ar)$', 'en'),
  createdAt: regex(ISO_TIMESTAMP, '2026-01-15T09:30:00.000Z'),
  active: boolean(true),
  mustChangePassword: boolean(false),
};

// Written afresh each run, so an interaction removed here disappears from the contract.
rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-shell', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });


describe('masar-shell -> svc-gateway (auth)', () => {
  it('GET /api/auth/user returns the signed-in learner', () =>
    pact
      .addInteraction()
      .given('a learner is signed in')
      .uponReceiving('a request for the signed-in user')
      .withRequest('GET', '/api/auth/user')
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(demoLearner))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false }));
        expect(userSchema.parse(result.data)).toMatchObject({ role: 'learner', preferredLanguage: 'en' });
      }));

  it('GET /api/auth/user answers 401 when nobody is signed in, which the shell reads as "no user"', () =>
    pact
      .addInteraction()
      .given('nobody is signed in')
      .uponReceiving('a request for the signed-in user without a session')
      .withRequest('GET', '/api/auth/user')
      .willRespondWith(401, (response) => response.headers(JSON_CONTENT).jsonBody({ message: like('Unauthorized') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data).toBeNull();
      }));

  it('POST /api/auth/login signs the demo learner in', () =>
    pact
      .addInteraction()
      .given('the demo learner exists')
      .uponReceiving('a login with the demo credentials')
      .withRequest('POST', '/api/auth/login', (request) => request.jsonBody({ username: 'demo', password: 'demo123' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: like('Login successful'), user: demoLearner }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(authApi.endpoints.login.initiate({ username: 'demo', password: 'demo123' })).unwrap();
        expect(loginReplySchema.parse(reply).user.username).toBe('demo');
      }));

  it('POST /api/auth/login with a wrong password answers 401 with a message', () =>
    pact
      .addInteraction()
      .given('the demo learner exists')
      .uponReceiving('a login with a wrong password')
      .withRequest('POST', '/api/auth/login', (request) =>
        request.jsonBody({ username: 'demo', password: 'not-the-password' }),
      )
      .willRespondWith(401, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: 'Invalid username or password' }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          authApi.endpoints.login.initiate({ username: 'demo', password: 'not-the-password' }),
        );
        expect(result.error).toMatchObject({ status: 401, serverMessage: 'Invalid username or password' });
      }));

  it('POST /api/auth/demo-login starts a demo session', () =>
    pact
      .addInteraction()
      .given('the demo learner exists')
      .uponReceiving('a demo login')
      .withRequest('POST', '/api/auth/demo-login')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: like('Demo login successful'), user: demoLearner }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(authApi.endpoints.demoLogin.initiate()).unwrap();
        expect(loginReplySchema.parse(reply).user.role).toBe('learner');
      }));

  it('POST /api/auth/logout ends the session', () =>
    pact
      .addInteraction()
      .given('a learner is signed in')
      .uponReceiving('a logout')
      .withRequest('POST', '/api/auth/logout')
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ message: like('Logged out') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(authApi.endpoints.logout.initiate()).unwrap();
        expect(logoutReplySchema.parse(reply).message).toBe('Logged out');
      }));

  it('POST /api/auth/password with a wrong current password answers 400 with the server message', () =>
    pact
      .addInteraction()
      .given('a learner is signed in')
      .uponReceiving('a password change with a wrong current password')
      .withRequest('POST', '/api/auth/password', (request) =>
        request.jsonBody({ currentPassword: 'not-the-password', newPassword: 'a brand new passphrase' }),
      )
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ message: 'currentPassword: Your current password is not correct' }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          authApi.endpoints.changePassword.initiate({ currentPassword: 'not-the-password', newPassword: 'a brand new passphrase' }),
        );
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'currentPassword: Your current password is not correct' });
      }));
});
