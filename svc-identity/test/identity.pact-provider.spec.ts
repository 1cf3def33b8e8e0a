import { Caller, IDENTITY_SUBJECTS } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { MessageDescriptor, Verifier } from '@pact-foundation/pact';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config';
import { bootstrap } from '../src/main';
import { UsersService } from '../src/users/users.service';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, recordPactVerification, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PACT_DIR = path.resolve(__dirname, '../../contracts/pacts');
/** The gateway's pact, and svc-progress' (a learner's email for learning records). */
const PACT_FILES = ['svc-gateway-svc-identity.json', 'svc-progress-svc-identity.json'].map((file) => path.join(PACT_DIR, file));

interface PactFile {
  consumer: { name: string };
  interactions: { description: string; providerStates?: { name: string }[] }[];
}

const KNOWN_SUBJECTS: readonly string[] = Object.values(IDENTITY_SUBJECTS);

/** Each description starts with the subject it is sent on, e.g. "identity.user.get for an existing user". */
function subjectOf(description: string): string {
  const subject = description.split(' ')[0];
  if (!KNOWN_SUBJECTS.includes(subject)) {
    throw new Error(`"${description}" does not start with an identity subject`);
  }
  return subject;
}

/**
 * Verifies svc-gateway's expectations of svc-identity: every message in the pact is sent
 * to the real service (booted on a fresh database, answering on the real NATS) and its
 * real reply packet is compared with the recorded one.
 */
describe('svc-identity honours its consumers’ contracts', () => {
  const pacts = PACT_FILES.map((file) => JSON.parse(readFileSync(file, 'utf8')) as PactFile);
  const interactions = pacts.flatMap((pact) => pact.interactions.map((interaction) => ({ ...interaction, consumer: pact.consumer.name })));
  let database: FreshDatabase;
  let service: INestMicroservice;
  /** Each consumer signed in as itself, so the pact also proves NATS lets it ask. */
  let nats: NatsConnection;
  let progress: NatsConnection;

  beforeAll(async () => {
    database = await createFreshDatabase('identity');
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent' });
    nats = await connectToNatsAs('gateway');
    progress = await connectToNatsAs('progress');
  });

  afterAll(async () => {
    await progress?.drain();
    await nats?.drain();
    await service?.close();
    await database?.drop();
  });

  /**
   * Who the gateway says is asking, set by the "... is calling" states: the pact holds the payloads,
   * the caller travels in the header the gateway's session guard sets on every request.
   */
  let caller: Caller | undefined;

  /** Puts the configured demo learner back exactly as seeding creates it, and forgets people added since. */
  async function resetDemoLearner(): Promise<void> {
    const config = loadConfig({ DATABASE_URL: database.url });
    await service.get(DataSource).query(`DELETE FROM identity.users WHERE username NOT IN ($1)`, [config.admin.username]);
    await service.get(UsersService).ensureAccount(config.demo, 'learner');
  }

  async function idOf(username: string): Promise<string> {
    const [row] = await service.get(DataSource).query(`SELECT id FROM identity.users WHERE username = $1`, [username]);
    return (row as { id: string }).id;
  }

  const stateHandlers: Record<string, (params?: unknown) => Promise<undefined>> = {
    'a learner "demo" with password "demo123" exists': async () => {
      await resetDemoLearner();
      return undefined;
    },
    'an admin is calling': async () => {
      caller = { id: await idOf('admin'), role: 'admin' };
      return undefined;
    },
    'the learner "demo" with password "demo123" is calling': async () => {
      await resetDemoLearner();
      caller = { id: await idOf('demo'), role: 'learner' };
      return undefined;
    },
    'a deactivated learner "demo" exists with a known id': async (params) => {
      await resetDemoLearner();
      const { id } = params as { id: string };
      await service.get(DataSource).query(`UPDATE identity.users SET id = $1, active = false WHERE username = 'demo'`, [id]);
      return undefined;
    },
    'a learner "demo" exists with a known id': async (params) => {
      await resetDemoLearner();
      const { id } = params as { id: string };
      await service.get(DataSource).query(`UPDATE identity.users SET id = $1 WHERE username = 'demo'`, [id]);
      return undefined;
    },
    'a learner "demo" with a known id is linked to an SSO subject': async (params) => {
      await resetDemoLearner();
      const { id, issuer, subject } = params as { id: string; issuer: string; subject: string };
      await service.get(DataSource).query(`UPDATE identity.users SET id = $1 WHERE username = 'demo'`, [id]);
      await service.get(DataSource).query(
        `INSERT INTO identity.sso_accounts (issuer, subject, user_id) VALUES ($1, $2, $3)
         ON CONFLICT (issuer, subject) DO UPDATE SET user_id = EXCLUDED.user_id`,
        [issuer, subject, id],
      );
      return undefined;
    },
    'no account is linked to an SSO subject': async (params) => {
      const { issuer, subject } = params as { issuer: string; subject: string };
      await service.get(DataSource).query(`DELETE FROM identity.sso_accounts WHERE issuer = $1 AND subject = $2`, [issuer, subject]);
      await service.get(DataSource).query(`DELETE FROM identity.users WHERE username LIKE '%@%'`);
      return undefined;
    },
    'a deactivated learner "demo" is linked to an SSO subject': async (params) => {
      await resetDemoLearner();
      const { issuer, subject } = params as { issuer: string; subject: string };
      const id = await idOf('demo');
      await service.get(DataSource).query(`UPDATE identity.users SET active = false WHERE id = $1`, [id]);
      await service.get(DataSource).query(
        `INSERT INTO identity.sso_accounts (issuer, subject, user_id) VALUES ($1, $2, $3)
         ON CONFLICT (issuer, subject) DO UPDATE SET user_id = EXCLUDED.user_id`,
        [issuer, subject, id],
      );
      return undefined;
    },
    'an embed client exists with a known secret, and the learner "demo" has a known email': async (params) => {
      const { id, clientId, clientSecret, email } = params as { id: string; clientId: string; clientSecret: string; email: string };
      await service.get(DataSource).query(`UPDATE identity.users SET email = $1 WHERE username = 'demo'`, [email]);
      await service.get(DataSource).query(
        `INSERT INTO identity.embed_clients (id, client_id, name, secret_hash) VALUES ($1, $2, 'Acme HR suite', encode(sha256(convert_to($3, 'UTF8')), 'hex'))
         ON CONFLICT (id) DO UPDATE SET revoked_at = NULL, secret_hash = EXCLUDED.secret_hash`,
        [id, clientId, clientSecret],
      );
      return undefined;
    },
    'no user has a given id': async (params) => {
      const { id } = params as { id: string };
      await service.get(DataSource).query(`DELETE FROM identity.users WHERE id = $1`, [id]);
      return undefined;
    },
  };

  it('has a handler for every provider state the consumer uses', () => {
    const states = interactions.flatMap((interaction) => interaction.providerStates ?? []).map((s) => s.name);
    expect(states.filter((state) => !(state in stateHandlers))).toEqual([]);
  });

  it('answers every recorded message as the consumer expects', async () => {
    const messageProviders = Object.fromEntries(
      interactions.map(({ description, consumer }) => [
        description,
        async (message: MessageDescriptor) => {
          const reply = await requestOverNats(consumer === 'svc-progress' ? progress : nats, subjectOf(description), message.content, undefined, caller);
          caller = undefined;
          return reply.err !== undefined ? { err: reply.err } : { response: reply.response };
        },
      ]),
    );
    await new Verifier({
      provider: 'svc-identity',
      pactUrls: PACT_FILES,
      messageProviders,
      stateHandlers,
      logLevel: 'warn',
    }).verifyProvider();
    // Passed: this version of svc-identity honours these pacts (what can-i-deploy reads).
    recordPactVerification({ provider: 'svc-identity', pactFiles: PACT_FILES });
  });
});
