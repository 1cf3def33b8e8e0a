/** @jest-environment node */
// Consumer contract of the shell's admin people area with svc-gateway, through the REAL RTK Query
// endpoints and base query at Pact's mock server. Its own file (consumer masar-shell-admin), so it
// never races the other shell pact specs.
import { resetPasswordReplySchema, userListSchema, userReplySchema } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { peopleApi } from './people.api';

const { boolean, eachLike, integer, like, regex, uuid } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-shell-admin-svc-gateway.json');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const PERSON_ID = '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

function personLike(overrides: Record<string, unknown> = {}) {
  return {
    id: uuid(PERSON_ID),
    username: like('nour.saleh'),
    role: regex('^(admin|learner)$', 'learner'),
    firstName: like('Nour'),
    lastName: like('Saleh'),
    email: like('nour@masar.test'),
    preferredLanguage: regex('^(en|ar)$', 'ar'),
    createdAt: regex(ISO_TIMESTAMP, '2026-01-15T09:30:00.000Z'),
    active: boolean(true),
    mustChangePassword: boolean(false),
    ...overrides,
  };
}

rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-shell-admin', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-shell-admin -> svc-gateway (people)', () => {
  it('GET /api/admin/users lists people filtered by search, role and status', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a filtered list of people')
      .withRequest('GET', '/api/admin/users', (request) =>
        request.query({ search: 'demo', role: 'learner', status: 'active', page: '1', pageSize: '20' }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike(personLike({ username: like('demo') })),
          total: integer(1),
          page: integer(1),
          pageSize: integer(20),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          peopleApi.endpoints.listPeople.initiate({ search: 'demo', role: 'learner', status: 'active', page: 1, pageSize: 20 }),
        );
        expect(userListSchema.parse(result.data).items[0]).toMatchObject({ role: 'learner', active: true });
      }));

  it('POST /api/admin/users adds a person (201)', () => {
    const person = {
      username: 'nour.saleh',
      password: 'a fine long passphrase',
      firstName: 'Nour',
      lastName: 'Saleh',
      email: 'nour@masar.test',
      role: 'learner' as const,
      preferredLanguage: 'ar' as const,
      mustChangePassword: true,
    };
    return pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new person')
      .withRequest('POST', '/api/admin/users', (request) => request.jsonBody(person))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ user: personLike({ mustChangePassword: boolean(true) }) }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(peopleApi.endpoints.addPerson.initiate(person)).unwrap();
        expect(userReplySchema.parse(reply).user).toMatchObject({ username: 'nour.saleh', mustChangePassword: true });
      });
  });

  it('POST /api/admin/users with a taken username answers 409 with a message', () => {
    const person = {
      username: 'demo',
      password: 'a fine long passphrase',
      firstName: 'Dana',
      lastName: 'Mansour',
      email: 'dana@masar.test',
    };
    return pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new person under a taken username')
      .withRequest('POST', '/api/admin/users', (request) => request.jsonBody(person))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ message: 'That username is already taken' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(peopleApi.endpoints.addPerson.initiate(person));
        expect(result.error).toMatchObject({ status: 409, serverMessage: 'That username is already taken' });
      });
  });

  it('PATCH /api/admin/users/:id deactivates a person', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .given('a learner exists with a known id', { id: PERSON_ID })
      .uponReceiving('a deactivation')
      .withRequest('PATCH', `/api/admin/users/${PERSON_ID}`, (request) => request.jsonBody({ active: false }))
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ user: personLike({ active: boolean(false) }) }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(peopleApi.endpoints.updatePerson.initiate({ id: PERSON_ID, changes: { active: false } })).unwrap();
        expect(userReplySchema.parse(reply).user.active).toBe(false);
      }));

  it('POST /api/admin/users/:id/password resets to a generated password shown once', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .given('a learner exists with a known id', { id: PERSON_ID })
      .uponReceiving('a password reset to a generated password')
      .withRequest('POST', `/api/admin/users/${PERSON_ID}/password`, (request) => request.jsonBody({}))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          user: personLike({ mustChangePassword: boolean(true) }),
          temporaryPassword: regex('^\\w{5}(-\\w{5}){3}$', 'Abcde-fghij-kmnop-qrstu'),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(peopleApi.endpoints.resetPassword.initiate({ id: PERSON_ID })).unwrap();
        expect(resetPasswordReplySchema.parse(reply).temporaryPassword).toBeDefined();
      }));
});
