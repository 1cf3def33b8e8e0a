import {
  IDENTITY_SUBJECTS,
  serviceHealthReplySchema,
  userListSchema,
  userReplySchema,
  User,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('svc-identity over NATS (real Postgres and NATS)', () => {
  let database: FreshDatabase;
  let service: INestMicroservice;
  let nats: NatsConnection;

  beforeAll(async () => {
    database = await createFreshDatabase('identity');
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent' });
    nats = await connectToNatsAs('gateway');
  });

  afterAll(async () => {
    await nats?.drain();
    await service?.close();
    await database?.drop();
  });

  async function userFrom(subject: string, data: unknown): Promise<User> {
    const reply = await requestOverNats(nats, subject, data);
    expect(reply.err).toBeUndefined();
    return userReplySchema.parse(reply.response).user;
  }

  it('migrated its own schema, with the migrations table inside it', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'identity' ORDER BY table_name`,
      );
      expect(rows.map((row) => row.table_name)).toEqual(['embed_clients', 'migrations', 'sso_accounts', 'users']);
    } finally {
      await client.end();
    }
  });

  it('seeded the admin and the demo learner', async () => {
    const admin = await userFrom(IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, { username: 'admin', password: 'admin123' });
    const reply = await requestOverNats(nats, IDENTITY_SUBJECTS.LIST_USERS, {}, undefined, { id: admin.id, role: 'admin' });
    const list = userListSchema.parse(reply.response);
    expect(list.total).toBe(2);
    expect(list.items.map(({ username, role }) => ({ username, role }))).toEqual(
      expect.arrayContaining([
        { username: 'admin', role: 'admin' },
        { username: 'demo', role: 'learner' },
      ]),
    );
    expect(list.items.every((user) => user.active && !user.mustChangePassword)).toBe(true);
    expect(JSON.stringify(list)).not.toMatch(/argon2|passwordHash/);
  });

  it('lists people only for an admin caller', async () => {
    const demo = await userFrom(IDENTITY_SUBJECTS.GET_DEMO_USER, {});
    expect((await requestOverNats(nats, IDENTITY_SUBJECTS.LIST_USERS, {})).err).toMatchObject({ statusCode: 401 });
    const asLearner = await requestOverNats(nats, IDENTITY_SUBJECTS.LIST_USERS, {}, undefined, { id: demo.id, role: 'learner' });
    expect(asLearner.err).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
  });

  it('verifies good credentials', async () => {
    const user = await userFrom(IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, { username: 'admin', password: 'admin123' });
    expect(user).toMatchObject({ username: 'admin', role: 'admin', email: 'admin@masar.local' });
  });

  it('answers a wrong password with a 401 error reply', async () => {
    const reply = await requestOverNats(nats, IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, {
      username: 'admin',
      password: 'wrong-password',
    });
    expect(reply).toEqual({ err: { statusCode: 401, message: 'Invalid username or password' } });
  });

  it('answers an unknown username with the very same 401', async () => {
    const reply = await requestOverNats(nats, IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, {
      username: 'nobody',
      password: 'admin123',
    });
    expect(reply).toEqual({ err: { statusCode: 401, message: 'Invalid username or password' } });
  });

  it('refuses an invalid payload with a 400 naming the field', async () => {
    const reply = await requestOverNats(nats, IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, { username: 'admin' });
    expect(reply).toEqual({ err: { statusCode: 400, message: 'password: This field is required' } });
  });

  it('gets a user by id, and 404s an unknown one', async () => {
    const demo = await userFrom(IDENTITY_SUBJECTS.GET_DEMO_USER, {});
    expect(await userFrom(IDENTITY_SUBJECTS.GET_USER, { id: demo.id })).toEqual(demo);
    const missing = await requestOverNats(nats, IDENTITY_SUBJECTS.GET_USER, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toEqual({ err: { statusCode: 404, message: 'User not found' } });
  });

  it('signs in through SSO: creates the account once per (issuer, subject), never takes over a username, 400s a bad payload', async () => {
    const person = {
      issuer: 'https://id.acme.example',
      subject: 'nour-at-idp',
      email: 'demo',
      firstName: 'Nour',
      lastName: 'Saleh',
      role: 'learner',
      language: 'ar',
    };
    const badEmail = await requestOverNats(nats, IDENTITY_SUBJECTS.SSO_SIGN_IN, person);
    expect(badEmail.err).toMatchObject({ statusCode: 400 });
    const first = await userFrom(IDENTITY_SUBJECTS.SSO_SIGN_IN, { ...person, email: 'Nour@Acme.example' });
    expect(first).toMatchObject({ username: 'nour@acme.example', email: 'nour@acme.example', preferredLanguage: 'ar', role: 'learner', active: true });
    // The email changed at the provider: still the same person.
    expect((await userFrom(IDENTITY_SUBJECTS.SSO_SIGN_IN, { ...person, email: 'nour.saleh@acme.example' })).id).toBe(first.id);
    // Another provider's person with the same email gets an account of their own under another username.
    const other = await userFrom(IDENTITY_SUBJECTS.SSO_SIGN_IN, { ...person, issuer: 'https://other.example', email: 'nour@acme.example' });
    expect(other.id).not.toBe(first.id);
    expect(other.username).toMatch(/^nour@acme\.example-[0-9a-f]{6}$/);
  });

  it('updates a profile, and refuses a role change', async () => {
    const demo = await userFrom(IDENTITY_SUBJECTS.GET_DEMO_USER, {});
    const updated = await userFrom(IDENTITY_SUBJECTS.UPDATE_PROFILE, {
      id: demo.id,
      changes: { lastName: 'Mansour', preferredLanguage: 'ar' },
    });
    expect(updated).toMatchObject({ id: demo.id, lastName: 'Mansour', preferredLanguage: 'ar', role: 'learner' });

    const refused = await requestOverNats(nats, IDENTITY_SUBJECTS.UPDATE_PROFILE, {
      id: demo.id,
      changes: { role: 'admin' },
    });
    expect(refused.err).toMatchObject({ statusCode: 400, message: expect.stringContaining('role') });
    expect(await userFrom(IDENTITY_SUBJECTS.GET_USER, { id: demo.id })).toMatchObject({ role: 'learner' });
  });

  it('reports its health with the Postgres check', async () => {
    const reply = await requestOverNats(nats, IDENTITY_SUBJECTS.HEALTH, {});
    const health = serviceHealthReplySchema.parse(reply.response);
    expect(health).toMatchObject({ service: 'identity', status: 'up', checks: { postgres: 'up' } });
  });
});
