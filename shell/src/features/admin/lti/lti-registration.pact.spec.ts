/** @jest-environment node */
// Consumer contract of the shell's LTI registration page with svc-gateway, through the REAL RTK Query
// endpoint and base query at Pact's mock server. Its own file (consumer masar-shell-lti).
import { ltiRegistrationSchema } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ltiRegistrationApi } from './lti-registration.api';

const { eachLike, like, regex } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-shell-lti-svc-gateway.json');
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const URL_ENDING = (suffix: string) => regex(`^https?://[^/]+/api/lti/${suffix}$`, `http://127.0.0.1:8080/api/lti/${suffix}`);

rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-shell-lti', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-shell-lti -> svc-gateway (LTI registration)', () => {
  it('GET /api/lti/registration gives an admin the URLs to paste into the LMS', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('the LTI registration URLs')
      .withRequest('GET', '/api/lti/registration')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          loginUrl: URL_ENDING('login'),
          launchUrl: URL_ENDING('launch'),
          jwksUrl: URL_ENDING('jwks'),
          deepLinkingUrl: URL_ENDING('launch'),
          platforms: eachLike({ name: like('Pact LMS'), issuer: like('https://lms.pact.example'), clientId: like('masar-tool'), deploymentIds: eachLike('1') }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(ltiRegistrationApi.endpoints.getLtiRegistration.initiate());
        expect(ltiRegistrationSchema.parse(result.data).platforms[0]?.clientId).toBe('masar-tool');
      }));
});
