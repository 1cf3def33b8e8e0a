import { EMBED_CLIENT_REFUSED_MESSAGE, IDENTITY_SUBJECTS, SSO_ACCOUNT_DEACTIVATED_MESSAGE, SsoSignInRequest, User } from '@masar/contracts';
import { HttpException } from '@nestjs/common';
import { EMPTY_JSON_OBJECT } from '@masar/contracts/service-kit/testing';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { replayAgainstGateway, SynchronousMessage } from '../../test/support/recorded-reply-transport';
import { loadConfig } from '../config';
import { IdentityClient } from './identity.client';

/**
 * The identity replies the gateway relies on, as V4 synchronous messages: the request is
 * the NATS payload the gateway sends on a subject, the response is the reply packet
 * svc-identity's Nest microservice answers with (`{response}` on success, `{err}` with an
 * ErrorReply on failure). svc-identity verifies this file in its own tests.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-gateway-svc-identity.json');

const DEMO_USER_ID = '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44';
/** pact-js refuses `{}` as JSON content, but an empty object is exactly what these subjects take. */
const MISSING_USER_ID = '00000000-0000-4000-8000-000000000000';

/** A user as identity describes one; the gateway relies on the types, the role and the language values. */
function userLike(example: Partial<User> = {}) {
  return {
    id: Matchers.uuid(example.id ?? DEMO_USER_ID),
    username: Matchers.string(example.username ?? 'demo'),
    role: Matchers.regex(/^(admin|learner)$/, example.role ?? 'learner'),
    firstName: Matchers.string(example.firstName ?? 'Demo'),
    lastName: Matchers.string(example.lastName ?? 'Learner'),
    email: Matchers.string(example.email ?? 'demo@masar.local'),
    preferredLanguage: Matchers.regex(/^(en|ar)$/, example.preferredLanguage ?? 'en'),
    createdAt: Matchers.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, '2025-11-22T08:30:00.000Z'),
    active: Matchers.boolean(example.active ?? true),
    mustChangePassword: Matchers.boolean(example.mustChangePassword ?? false),
  };
}

/** Admin subjects name their caller in the NATS header; svc-identity's provider states set it. */
const ADMIN_IS_CALLING = 'an admin is calling';
const DEMO_IS_CALLING = 'the learner "demo" with password "demo123" is calling';
const NEW_PERSON = {
  username: 'nour.saleh',
  password: 'a fine long passphrase',
  firstName: 'Nour',
  lastName: 'Saleh',
  email: 'nour@masar.test',
  role: 'learner' as const,
  preferredLanguage: 'ar' as const,
  mustChangePassword: true,
};

/** The person an identity provider vouched for (the gateway checked the id_token). */
const SSO_PERSON: SsoSignInRequest = {
  issuer: 'https://id.acme.example',
  subject: 'alice-at-idp',
  email: 'alice@acme.example',
  firstName: 'Alice',
  lastName: 'Admin',
  role: 'admin',
  language: 'ar',
};

/** An embed client the provider state puts in place, with the secret its server holds. */
const EMBED_CLIENT = {
  id: '6d1f7a2b-3c4e-4f5a-8b6c-7d8e9f0a1b2c',
  clientId: 'masar-embed-acme-suite',
  clientSecret: 'the-acme-suite-secret-that-only-its-server-knows',
  email: 'demo@masar.local',
};
const EMBED_CLIENT_EXISTS = 'an embed client exists with a known secret, and the learner "demo" has a known email';

function embedClientLike(example: { revoked?: boolean } = {}) {
  return {
    id: Matchers.uuid(EMBED_CLIENT.id),
    clientId: Matchers.string(EMBED_CLIENT.clientId),
    name: Matchers.string('Acme HR suite'),
    createdAt: Matchers.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, '2026-11-26T08:30:00.000Z'),
    revokedAt: example.revoked ? Matchers.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, '2026-11-26T09:00:00.000Z') : null,
  };
}

/** Runs one IdentityClient call against the recorded reply and checks what it sent. */
function replayAgainstIdentity<T>(message: SynchronousMessage, call: (identity: IdentityClient) => Promise<T>) {
  return replayAgainstGateway(message, (services) => new IdentityClient(services, loadConfig({})), call);
}

describe('svc-gateway (consumer) and svc-identity (provider) over NATS', () => {
  const pact = new PactV4({ consumer: 'svc-gateway', provider: 'svc-identity', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    // Each run writes the file afresh, so an interaction removed here leaves the contract too.
    rmSync(PACT_FILE, { force: true });
  });

  it('verifies good credentials: identity answers with the user', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.VERIFY_CREDENTIALS} with good credentials`)
      .given('a learner "demo" with password "demo123" exists')
      .withRequest((request) => request.withJSONContent({ username: 'demo', password: 'demo123' }))
      .withResponse((response) => response.withJSONContent({ response: { user: userLike() } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) =>
          identity.verifyCredentials({ username: 'demo', password: 'demo123' }),
        );
        expect(result).toMatchObject({ username: 'demo', role: 'learner' });
      });
  });

  it('verifies a wrong password: identity answers 401 without saying which field was wrong', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.VERIFY_CREDENTIALS} with a wrong password`)
      .given('a learner "demo" with password "demo123" exists')
      .withRequest((request) => request.withJSONContent({ username: 'demo', password: 'not-the-password' }))
      .withResponse((response) =>
        response.withJSONContent({ err: { statusCode: 401, message: 'Invalid username or password' } }),
      )
      .executeTest(async (message) => {
        const { error } = await replayAgainstIdentity(message, (identity) =>
          identity.verifyCredentials({ username: 'demo', password: 'not-the-password' }),
        );
        expect(error).toBeInstanceOf(HttpException);
        expect((error as HttpException).getStatus()).toBe(401);
        expect((error as HttpException).getResponse()).toEqual({
          statusCode: 401,
          message: 'Invalid username or password',
        });
      });
  });

  it('gets a user by id: the session guard reads the signed-in user this way on every request', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.GET_USER} for an existing user`)
      .given('a learner "demo" exists with a known id', { id: DEMO_USER_ID })
      .withRequest((request) => request.withJSONContent({ id: DEMO_USER_ID }))
      .withResponse((response) => response.withJSONContent({ response: { user: userLike({ id: DEMO_USER_ID }) } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.getUser(DEMO_USER_ID));
        expect(result).toMatchObject({ id: DEMO_USER_ID });
      });
  });

  it('gets an unknown user: identity answers 404, which ends a stale session', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.GET_USER} for an unknown user`)
      .given('no user has a given id', { id: MISSING_USER_ID })
      .withRequest((request) => request.withJSONContent({ id: MISSING_USER_ID }))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'User not found' } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstIdentity(message, (identity) => identity.getUser(MISSING_USER_ID));
        expect((error as HttpException).getStatus()).toBe(404);
      });
  });

  it('gets the demo learner for the demo login', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.GET_DEMO_USER}`)
      .given('a learner "demo" with password "demo123" exists')
      .withRequest((request) => request.withContent('application/json', EMPTY_JSON_OBJECT))
      .withResponse((response) =>
        response.withJSONContent({ response: { user: { ...userLike(), role: 'learner' } } }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.getDemoUser());
        expect(result).toMatchObject({ role: 'learner' });
      });
  });

  it('updates a profile: identity answers with the changed user', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.UPDATE_PROFILE} with new names and language`)
      .given('a learner "demo" exists with a known id', { id: DEMO_USER_ID })
      .withRequest((request) =>
        request.withJSONContent({ id: DEMO_USER_ID, changes: { firstName: 'Dana', preferredLanguage: 'ar' } }),
      )
      .withResponse((response) =>
        response.withJSONContent({
          response: { user: { ...userLike({ id: DEMO_USER_ID }), firstName: 'Dana', preferredLanguage: 'ar' } },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) =>
          identity.updateProfile(DEMO_USER_ID, { firstName: 'Dana', preferredLanguage: 'ar' }),
        );
        expect(result).toMatchObject({ firstName: 'Dana', preferredLanguage: 'ar' });
      });
  });

  it('lists people for the admin page, filtered and paged', async () => {
    const query = { page: 1, pageSize: 20, search: 'demo', role: 'learner' as const, status: 'active' as const };
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.LIST_USERS} with filters`)
      .given('a learner "demo" with password "demo123" exists')
      .given(ADMIN_IS_CALLING)
      .withRequest((request) => request.withJSONContent(query))
      .withResponse((response) =>
        response.withJSONContent({
          response: { items: Matchers.eachLike(userLike()), total: Matchers.integer(1), page: 1, pageSize: 20 },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.listUsers(query));
        expect(result?.items[0]).toMatchObject({ role: 'learner', active: true });
      });
  });

  it('adds a person: identity answers with the new user', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.CREATE_USER} for a new username`)
      .given(ADMIN_IS_CALLING)
      .withRequest((request) => request.withJSONContent(NEW_PERSON))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            user: userLike({ username: 'nour.saleh', firstName: 'Nour', lastName: 'Saleh', email: 'nour@masar.test', preferredLanguage: 'ar', mustChangePassword: true }),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.createUser(NEW_PERSON));
        expect(result).toMatchObject({ username: 'nour.saleh', mustChangePassword: true });
      });
  });

  it('adds a person under a taken username: identity answers 409', async () => {
    const taken = { ...NEW_PERSON, username: 'demo' };
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.CREATE_USER} for a taken username`)
      .given('a learner "demo" with password "demo123" exists')
      .given(ADMIN_IS_CALLING)
      .withRequest((request) => request.withJSONContent(taken))
      .withResponse((response) =>
        response.withJSONContent({ err: { statusCode: 409, message: 'That username is already taken' } }),
      )
      .executeTest(async (message) => {
        const { error } = await replayAgainstIdentity(message, (identity) => identity.createUser(taken));
        expect((error as HttpException).getStatus()).toBe(409);
        expect((error as HttpException).getResponse()).toEqual({ statusCode: 409, message: 'That username is already taken' });
      });
  });

  it('imports people from a CSV file: identity answers with the report', async () => {
    const content = Buffer.from('username,firstName,lastName,email\nhala.saleh,Hala,Saleh,hala@masar.test\ndemo,D,L,d@masar.test\n');
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.IMPORT_USERS} with one new and one taken username`)
      .given('a learner "demo" with password "demo123" exists')
      .given(ADMIN_IS_CALLING)
      .withRequest((request) => request.withJSONContent({ fileName: 'people.csv', contentBase64: content.toString('base64') }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            added: [
              {
                row: 2,
                user: userLike({ username: 'hala.saleh', firstName: 'Hala', lastName: 'Saleh', email: 'hala@masar.test', mustChangePassword: true }),
                temporaryPassword: Matchers.string('Abcde-fghij-kmnop-qrstu'),
              },
            ],
            refused: [{ row: 3, username: 'demo', reason: 'username: That username is already taken' }],
            totalRows: 2,
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) =>
          identity.importUsers({ fileName: 'people.csv', content }, 60_000),
        );
        expect(result?.refused).toHaveLength(1);
        expect(result?.added[0].temporaryPassword).toBeDefined();
      });
  });

  it('deactivates a person: identity answers with the inactive user', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.UPDATE_USER} to deactivate a learner`)
      .given('a learner "demo" exists with a known id', { id: DEMO_USER_ID })
      .given(ADMIN_IS_CALLING)
      .withRequest((request) => request.withJSONContent({ id: DEMO_USER_ID, changes: { active: false } }))
      .withResponse((response) => response.withJSONContent({ response: { user: userLike({ id: DEMO_USER_ID, active: false }) } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.updateUser(DEMO_USER_ID, { active: false }));
        expect(result).toMatchObject({ active: false });
      });
  });

  it('gets a deactivated user: the session guard ends their session on seeing active false', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.GET_USER} for a deactivated user`)
      .given('a deactivated learner "demo" exists with a known id', { id: DEMO_USER_ID })
      .withRequest((request) => request.withJSONContent({ id: DEMO_USER_ID }))
      .withResponse((response) => response.withJSONContent({ response: { user: userLike({ id: DEMO_USER_ID, active: false }) } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.getUser(DEMO_USER_ID));
        expect(result).toMatchObject({ active: false });
      });
  });

  it('resets a password to a generated one: identity answers with it, once', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.RESET_PASSWORD} to a generated password`)
      .given('a learner "demo" exists with a known id', { id: DEMO_USER_ID })
      .given(ADMIN_IS_CALLING)
      .withRequest((request) => request.withJSONContent({ id: DEMO_USER_ID }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            user: userLike({ id: DEMO_USER_ID, mustChangePassword: true }),
            temporaryPassword: Matchers.regex(/^\w{5}(-\w{5}){3}$/, 'Abcde-fghij-kmnop-qrstu'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.resetPassword(DEMO_USER_ID));
        expect(result?.user.mustChangePassword).toBe(true);
        expect(result?.temporaryPassword).toBeDefined();
      });
  });

  it('changes the caller’s own password: identity answers with the user', async () => {
    const change = { currentPassword: 'demo123', newPassword: 'a brand new passphrase' };
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.CHANGE_PASSWORD} with the right current password`)
      .given(DEMO_IS_CALLING)
      .withRequest((request) => request.withJSONContent(change))
      .withResponse((response) => response.withJSONContent({ response: { user: userLike({ mustChangePassword: false }) } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.changePassword(DEMO_USER_ID, change));
        expect(result).toMatchObject({ mustChangePassword: false });
      });
  });

  it('changes the caller’s own password with a wrong current one: identity answers 400', async () => {
    const change = { currentPassword: 'not-the-password', newPassword: 'a brand new passphrase' };
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.CHANGE_PASSWORD} with a wrong current password`)
      .given(DEMO_IS_CALLING)
      .withRequest((request) => request.withJSONContent(change))
      .withResponse((response) =>
        response.withJSONContent({ err: { statusCode: 400, message: 'currentPassword: Your current password is not correct' } }),
      )
      .executeTest(async (message) => {
        const { error } = await replayAgainstIdentity(message, (identity) => identity.changePassword(DEMO_USER_ID, change));
        expect((error as HttpException).getStatus()).toBe(400);
      });
  });

  it('signs in through SSO for the first time: identity creates the account with the mapped role', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.SSO_SIGN_IN} for a first sign-in`)
      .given('no account is linked to an SSO subject', { issuer: SSO_PERSON.issuer, subject: SSO_PERSON.subject })
      .withRequest((request) => request.withJSONContent(SSO_PERSON))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            user: userLike({ username: 'alice@acme.example', role: 'admin', firstName: 'Alice', lastName: 'Admin', email: 'alice@acme.example', preferredLanguage: 'ar' }),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.ssoSignIn(SSO_PERSON));
        expect(result).toMatchObject({ role: 'admin', email: 'alice@acme.example', preferredLanguage: 'ar' });
      });
  });

  it('signs in through SSO as a deactivated person: identity answers 403 with a message', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.SSO_SIGN_IN} for a deactivated person`)
      .given('a deactivated learner "demo" is linked to an SSO subject', { issuer: SSO_PERSON.issuer, subject: SSO_PERSON.subject })
      .withRequest((request) => request.withJSONContent(SSO_PERSON))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: SSO_ACCOUNT_DEACTIVATED_MESSAGE } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstIdentity(message, (identity) => identity.ssoSignIn(SSO_PERSON));
        expect((error as HttpException).getStatus()).toBe(403);
        expect((error as HttpException).getResponse()).toEqual({ statusCode: 403, message: SSO_ACCOUNT_DEACTIVATED_MESSAGE });
      });
  });

  it('authorizes an embed client for an active person: identity answers with the client and the user id', async () => {
    const request = { clientId: EMBED_CLIENT.clientId, clientSecret: EMBED_CLIENT.clientSecret, userEmail: EMBED_CLIENT.email };
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE} with the right secret`)
      .given('a learner "demo" exists with a known id', { id: DEMO_USER_ID })
      .given(EMBED_CLIENT_EXISTS, { ...EMBED_CLIENT })
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) => response.withJSONContent({ response: { clientId: EMBED_CLIENT.clientId, userId: Matchers.uuid(DEMO_USER_ID) } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.authorizeEmbedClient(request));
        expect(result).toEqual({ clientId: EMBED_CLIENT.clientId, userId: DEMO_USER_ID });
      });
  });

  it('refuses an embed client with a wrong secret: identity answers 401', async () => {
    const request = { clientId: EMBED_CLIENT.clientId, clientSecret: 'not-the-secret', userEmail: EMBED_CLIENT.email };
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE} with a wrong secret`)
      .given(EMBED_CLIENT_EXISTS, { ...EMBED_CLIENT })
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 401, message: EMBED_CLIENT_REFUSED_MESSAGE } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstIdentity(message, (identity) => identity.authorizeEmbedClient(request));
        expect((error as HttpException).getStatus()).toBe(401);
      });
  });

  it('tells whether an embed client still stands', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.EMBED_CLIENTS_ACTIVE} for a client not revoked`)
      .given(EMBED_CLIENT_EXISTS, { ...EMBED_CLIENT })
      .withRequest((message) => message.withJSONContent({ clientId: EMBED_CLIENT.clientId }))
      .withResponse((response) => response.withJSONContent({ response: { active: true } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.isEmbedClientActive(EMBED_CLIENT.clientId));
        expect(result).toBe(true);
      });
  });

  it('creates an embed client for an admin: identity answers with it and its secret, once', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.EMBED_CLIENTS_CREATE} by an admin`)
      .given(ADMIN_IS_CALLING)
      .withRequest((message) => message.withJSONContent({ name: 'Acme HR suite' }))
      .withResponse((response) => response.withJSONContent({ response: { client: embedClientLike(), clientSecret: Matchers.string('a-secret-shown-once') } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.createEmbedClient('Acme HR suite'));
        expect(result?.client.revokedAt).toBeNull();
        expect(result?.clientSecret).toBeDefined();
      });
  });

  it('lists embed clients for an admin, and revokes one', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.EMBED_CLIENTS_LIST} by an admin`)
      .given(EMBED_CLIENT_EXISTS, { ...EMBED_CLIENT })
      .given(ADMIN_IS_CALLING)
      .withRequest((message) => message.withContent('application/json', EMPTY_JSON_OBJECT))
      .withResponse((response) => response.withJSONContent({ response: { clients: Matchers.eachLike(embedClientLike()) } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.listEmbedClients());
        expect(result?.clients[0]).not.toHaveProperty('clientSecret');
      });
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.EMBED_CLIENTS_REVOKE} by an admin`)
      .given(EMBED_CLIENT_EXISTS, { ...EMBED_CLIENT })
      .given(ADMIN_IS_CALLING)
      .withRequest((message) => message.withJSONContent({ id: EMBED_CLIENT.id }))
      .withResponse((response) => response.withJSONContent({ response: embedClientLike({ revoked: true }) }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstIdentity(message, (identity) => identity.revokeEmbedClient(EMBED_CLIENT.id));
        expect(result?.revokedAt).not.toBeNull();
      });
  });
});
