import {
  authorizeEmbedClientReplySchema,
  Caller,
  createdEmbedClientSchema,
  EMBED_CLIENT_REFUSED_MESSAGE,
  EMBED_USER_UNKNOWN_MESSAGE,
  embedClientListSchema,
  IDENTITY_SUBJECTS,
  userReplySchema,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, NestReply, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Embed clients over NATS against the real service, Postgres and NATS (issue 18). */
describe('svc-identity embed clients (real Postgres and NATS)', () => {
  let database: FreshDatabase;
  let service: INestMicroservice;
  let nats: NatsConnection;
  let admin: Caller;
  let learner: Caller;

  beforeAll(async () => {
    database = await createFreshDatabase('identity_embed');
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent' });
    nats = await connectToNatsAs('gateway');
    const signedIn = await send(IDENTITY_SUBJECTS.VERIFY_CREDENTIALS, { username: 'admin', password: 'admin123' });
    admin = { id: userReplySchema.parse(signedIn.response).user.id, role: 'admin' };
    const demo = await send(IDENTITY_SUBJECTS.GET_DEMO_USER, {});
    learner = { id: userReplySchema.parse(demo.response).user.id, role: 'learner' };
  });

  afterAll(async () => {
    await nats?.drain();
    await service?.close();
    await database?.drop();
  });

  function send(subject: string, data: unknown, caller?: Caller): Promise<NestReply> {
    return requestOverNats(nats, subject, data, randomUUID(), caller);
  }

  async function demoEmail(): Promise<string> {
    const demo = await send(IDENTITY_SUBJECTS.GET_DEMO_USER, {});
    return userReplySchema.parse(demo.response).user.email;
  }

  it('an admin creates a client; the secret is shown once and only its hash is stored', async () => {
    const reply = await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_CREATE, { name: 'Acme HR suite' }, admin);
    const created = createdEmbedClientSchema.parse(reply.response);
    expect(created.client).toMatchObject({ name: 'Acme HR suite', revokedAt: null });
    expect(created.clientSecret.length).toBeGreaterThanOrEqual(43);
    const [row] = await service.get(DataSource).query(`SELECT secret_hash FROM identity.embed_clients WHERE id = $1`, [created.client.id]);
    expect(row.secret_hash).not.toContain(created.clientSecret);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = embedClientListSchema.parse((await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_LIST, {}, admin)).response);
    expect(listed.clients.map((client) => client.id)).toContain(created.client.id);
    expect(JSON.stringify(listed)).not.toContain(created.clientSecret);
  });

  it('learners cannot create, list or revoke clients; a blank name is refused', async () => {
    for (const [subject, data] of [
      [IDENTITY_SUBJECTS.EMBED_CLIENTS_CREATE, { name: 'Mine' }],
      [IDENTITY_SUBJECTS.EMBED_CLIENTS_LIST, {}],
      [IDENTITY_SUBJECTS.EMBED_CLIENTS_REVOKE, { id: randomUUID() }],
    ] as const) {
      expect((await send(subject, data, learner)).err).toMatchObject({ statusCode: 403 });
    }
    expect((await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_CREATE, { name: ' \u200b ' }, admin)).err).toMatchObject({ statusCode: 400 });
    expect((await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_REVOKE, { id: randomUUID() }, admin)).err).toMatchObject({ statusCode: 404 });
  });

  it('authorizes the right secret for an active person, and refuses a wrong secret, an unknown email and a revoked client', async () => {
    const created = createdEmbedClientSchema.parse((await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_CREATE, { name: 'Suite' }, admin)).response);
    const email = await demoEmail();
    const good = { clientId: created.client.clientId, clientSecret: created.clientSecret, userEmail: email.toUpperCase() };
    const authorized = authorizeEmbedClientReplySchema.parse((await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE, good)).response);
    expect(authorized).toEqual({ clientId: created.client.clientId, userId: learner.id });

    const wrongSecret = await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE, { ...good, clientSecret: `${created.clientSecret}x` });
    expect(wrongSecret.err).toMatchObject({ statusCode: 401, message: EMBED_CLIENT_REFUSED_MESSAGE });
    const unknownClient = await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE, { ...good, clientId: 'masar-embed-nobody' });
    expect(unknownClient.err).toMatchObject({ statusCode: 401, message: EMBED_CLIENT_REFUSED_MESSAGE });
    const nobody = await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE, { ...good, userEmail: 'nobody@masar.test' });
    expect(nobody.err).toMatchObject({ statusCode: 404, message: EMBED_USER_UNKNOWN_MESSAGE });

    expect((await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_ACTIVE, { clientId: created.client.clientId })).response).toEqual({ active: true });
    const revoked = await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_REVOKE, { id: created.client.id }, admin);
    expect((revoked.response as { revokedAt: string | null }).revokedAt).not.toBeNull();
    expect((await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_ACTIVE, { clientId: created.client.clientId })).response).toEqual({ active: false });
    const afterRevoke = await send(IDENTITY_SUBJECTS.EMBED_CLIENTS_AUTHORIZE, good);
    expect(afterRevoke.err).toMatchObject({ statusCode: 401, message: EMBED_CLIENT_REFUSED_MESSAGE });
  });
});
