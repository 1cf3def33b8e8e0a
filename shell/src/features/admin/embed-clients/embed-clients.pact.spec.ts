/** @jest-environment node */
// Consumer contract of the shell's Embed clients page with svc-gateway, through the REAL RTK Query
// endpoints and base query at Pact's mock server. Its own file (consumer masar-shell-embed-clients).
import { createdEmbedClientSchema, embedClientListSchema } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { embedClientsApi } from './embed-clients.api';

const { like, regex, uuid } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-shell-embed-clients-svc-gateway.json');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };

rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-shell-embed-clients', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-shell-embed-clients -> svc-gateway', () => {
  it('POST /api/admin/embed-clients creates a client and shows its secret once (201)', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new embed client')
      .withRequest('POST', '/api/admin/embed-clients', (request) => request.jsonBody({ name: 'Acme HR suite' }))
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          client: {
            id: uuid('6d1f7a2b-3c4e-4f5a-8b6c-7d8e9f0a1b2c'),
            clientId: like('masar-embed-abc'),
            name: 'Acme HR suite',
            createdAt: regex(ISO_TIMESTAMP, '2026-11-26T08:30:00.000Z'),
            revokedAt: null,
          },
          clientSecret: like('a-secret-shown-once'),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(embedClientsApi.endpoints.createEmbedClient.initiate({ name: 'Acme HR suite' }));
        expect(createdEmbedClientSchema.parse(result.data).client.revokedAt).toBeNull();
      }));

  it('GET /api/admin/embed-clients lists the clients without their secrets', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('the list of embed clients')
      .withRequest('GET', '/api/admin/embed-clients')
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ clients: like([]) }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(embedClientsApi.endpoints.listEmbedClients.initiate());
        expect(embedClientListSchema.parse(result.data).clients).toEqual([]);
      }));

  it('POST /api/admin/embed-clients/:id/revoke answers 404 for a client that does not exist', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a revocation of an unknown embed client')
      .withRequest('POST', '/api/admin/embed-clients/00000000-0000-4000-8000-000000000000/revoke')
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'Embed client not found' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(embedClientsApi.endpoints.revokeEmbedClient.initiate('00000000-0000-4000-8000-000000000000'));
        expect(result.error).toMatchObject({ status: 404 });
      }));
});
