import { IDENTITY_SUBJECTS } from '@masar/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { of, throwError } from 'rxjs';
import { messageJson } from '../events/read-event';
import { LearnerIdentityClient } from './learner-identity.client';

/**
 * What svc-progress relies on from svc-identity: a learner's email or SSO account for the xAPI actor (a V4
 * synchronous message, the Nest `{response}` or `{err}` packet). svc-identity verifies it.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-progress-svc-identity.json');
const { like, regex } = MatchersV3;
const DEMO_ID = '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44';

/** A ClientProxy that answers what the pact recorded, keeping what was sent. */
function recordedNats(recorded: { response?: unknown; err?: unknown }, sent: unknown[]): ClientProxy {
  return {
    send: (_subject: string, record: { data: unknown }) => {
      sent.push(record.data);
      return recorded.err !== undefined ? throwError(() => recorded.err) : of(recorded.response);
    },
  } as unknown as ClientProxy;
}

describe('svc-progress (consumer) and svc-identity (provider)', () => {
  const pact = new PactV4({ consumer: 'svc-progress', provider: 'svc-identity', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    rmSync(PACT_FILE, { force: true });
  });

  it('asks for a learner’s email by their id', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.GET_USER} for a learner's email`)
      .given('a learner "demo" exists with a known id', { id: DEMO_ID })
      .withRequest((message) => message.withJSONContent({ id: DEMO_ID }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            user: {
              id: DEMO_ID,
              username: like('demo'),
              role: like('learner'),
              firstName: like('Demo'),
              lastName: like('Learner'),
              email: regex('^[^@\\s]+@[^@\\s]+$', 'demo@masar.local'),
              preferredLanguage: like('en'),
              createdAt: regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$', '2025-11-22T08:30:00.000Z'),
              active: like(true),
              mustChangePassword: like(false),
            },
          },
        }),
      )
      .executeTest(async (message) => {
        const sent: unknown[] = [];
        const client = new LearnerIdentityClient(recordedNats(messageJson(message.Response[0].content) as { response: unknown }, sent));
        expect(await client.emailOf(DEMO_ID)).toBe('demo@masar.local');
        expect(sent).toEqual([messageJson(message.Request.content)]);
      });
  });

  it('asks for the identity provider’s account of a learner who signs in through SSO', async () => {
    const issuer = 'https://login.acme.example/realms/staff';
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.GET_SSO_ACCOUNT} for a learner linked to an SSO subject`)
      .given('a learner "demo" with a known id is linked to an SSO subject', { id: DEMO_ID, issuer, subject: 'f:3a91:demo' })
      .withRequest((message) => message.withJSONContent({ id: DEMO_ID }))
      .withResponse((response) => response.withJSONContent({ response: { ssoAccount: { issuer, subject: 'f:3a91:demo' } } }))
      .executeTest(async (message) => {
        const sent: unknown[] = [];
        const client = new LearnerIdentityClient(recordedNats(messageJson(message.Response[0].content) as { response: unknown }, sent));
        expect(await client.ssoAccountOf(DEMO_ID)).toEqual({ ssoAccount: { issuer, subject: 'f:3a91:demo' } });
        expect(sent).toEqual([messageJson(message.Request.content)]);
      });
  });

  it('learns that a learner signs in with a Masar password (no SSO account)', async () => {
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.GET_SSO_ACCOUNT} for a learner without an SSO account`)
      .given('a learner "demo" exists with a known id', { id: DEMO_ID })
      .withRequest((message) => message.withJSONContent({ id: DEMO_ID }))
      .withResponse((response) => response.withJSONContent({ response: { ssoAccount: null } }))
      .executeTest(async (message) => {
        const client = new LearnerIdentityClient(recordedNats(messageJson(message.Response[0].content) as { response: unknown }, []));
        expect(await client.ssoAccountOf(DEMO_ID)).toEqual({ ssoAccount: null });
      });
  });

  it('learns that a person no longer exists', async () => {
    const id = '9d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a0f';
    await pact
      .addSynchronousInteraction(`${IDENTITY_SUBJECTS.GET_USER} for a person who no longer exists`)
      .given('no user has a given id', { id })
      .withRequest((message) => message.withJSONContent({ id }))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: like('User not found') } }))
      .executeTest(async (message) => {
        const client = new LearnerIdentityClient(recordedNats(messageJson(message.Response[0].content) as { err: unknown }, []));
        expect(await client.emailOf(id)).toBeNull();
      });
  });
});
