/** @jest-environment node */
// Consumer contract of the shell runtime's AI-use calls (the notice a learner accepts, their own use)
// with svc-gateway, through the REAL RTK Query endpoints and base query at Pact's mock server. Its
// own file (consumer masar-shell-ai-use), so it never races the other shell pact specs.
import { AI_NOTICE_OUTDATED_MESSAGE, aiUseStatusSchema, DEFAULT_AI_NOTICE } from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { aiUseApi } from './ai-use.api';

const { eachLike, integer, regex, uuid } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-shell-ai-use-svc-gateway.json');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };

const LEARNER_SIGNED_IN = 'a learner is signed in';
const DEFAULT_SETTINGS = 'AI governance has its default settings';
const NOTICE_PUBLISHED = 'an AI-use notice is published';

const publishedNotice = {
  version: 1,
  textEn: DEFAULT_AI_NOTICE.textEn,
  textAr: DEFAULT_AI_NOTICE.textAr,
  updatedBy: uuid('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'),
  updatedAt: regex(ISO_TIMESTAMP, '2026-11-20T09:00:00.000Z'),
};

const noBudget = { monthlyTokens: null, usedTokens: integer(0), resetsAt: regex(ISO_TIMESTAMP, '2026-12-01T00:00:00.000Z') };

// Written afresh each run, so an interaction removed here disappears from the contract.
rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-shell-ai-use', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-shell-ai-use -> svc-gateway (the AI-use notice and a person’s own AI use)', () => {
  it('GET /api/ai-governance/me: nothing to accept while no notice is published', () =>
    pact
      .addInteraction()
      .given(LEARNER_SIGNED_IN)
      .given(DEFAULT_SETTINGS)
      .uponReceiving('a learner’s AI status, no notice published')
      .withRequest('GET', '/api/ai-governance/me')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          notice: null,
          noticeRequired: false,
          acceptedVersion: null,
          acceptedAt: null,
          enabledFeatures: eachLike(regex('^(skill-extraction|lesson-writing|image-description|quality-review|search-answer|learning-helpers|narration|illustration|exercise-feedback|arabic-vowel-marks)$', 'skill-extraction'), 4),
          budget: noBudget,
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(aiUseApi.endpoints.myAiUse.initiate());
        expect(aiUseStatusSchema.parse(result.data)).toMatchObject({ notice: null, noticeRequired: false });
      }));

  it('GET /api/ai-governance/me: a learner who has not accepted the published notice must accept it', () =>
    pact
      .addInteraction()
      .given(LEARNER_SIGNED_IN)
      .given(NOTICE_PUBLISHED)
      .uponReceiving('a learner’s AI status, a notice published and not accepted')
      .withRequest('GET', '/api/ai-governance/me')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          notice: publishedNotice,
          noticeRequired: true,
          acceptedVersion: null,
          acceptedAt: null,
          enabledFeatures: eachLike(regex('^(skill-extraction|lesson-writing|image-description|quality-review|search-answer|learning-helpers|narration|illustration|exercise-feedback|arabic-vowel-marks)$', 'skill-extraction'), 4),
          budget: noBudget,
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(aiUseApi.endpoints.myAiUse.initiate());
        expect(aiUseStatusSchema.parse(result.data)).toMatchObject({ noticeRequired: true, notice: { version: 1 } });
      }));

  it('POST /api/ai-governance/notice/accept records the acceptance of the current version, with its time', () =>
    pact
      .addInteraction()
      .given(LEARNER_SIGNED_IN)
      .given(NOTICE_PUBLISHED)
      .uponReceiving('a learner accepting the current AI-use notice')
      .withRequest('POST', '/api/ai-governance/notice/accept', (request) => request.jsonBody({ version: 1 }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          notice: publishedNotice,
          noticeRequired: false,
          acceptedVersion: 1,
          acceptedAt: regex(ISO_TIMESTAMP, '2026-11-25T10:00:00.000Z'),
          enabledFeatures: eachLike(regex('^(skill-extraction|lesson-writing|image-description|quality-review|search-answer|learning-helpers|narration|illustration|exercise-feedback|arabic-vowel-marks)$', 'skill-extraction'), 4),
          budget: noBudget,
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(aiUseApi.endpoints.acceptAiNotice.initiate({ version: 1 }));
        expect(aiUseStatusSchema.parse(result.data)).toMatchObject({ noticeRequired: false, acceptedVersion: 1 });
      }));

  it('POST /api/ai-governance/notice/accept answers 409 for a version that is not the current one', () =>
    pact
      .addInteraction()
      .given(LEARNER_SIGNED_IN)
      .given(NOTICE_PUBLISHED)
      .uponReceiving('a learner accepting a version of the AI-use notice that is not in force')
      .withRequest('POST', '/api/ai-governance/notice/accept', (request) => request.jsonBody({ version: 2 }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 409, message: AI_NOTICE_OUTDATED_MESSAGE }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(aiUseApi.endpoints.acceptAiNotice.initiate({ version: 2 }));
        expect(result.error).toMatchObject({ status: 409, serverMessage: AI_NOTICE_OUTDATED_MESSAGE });
      }));

  it('POST /api/ai-governance/notice/accept answers 404 while no notice is published', () =>
    pact
      .addInteraction()
      .given(LEARNER_SIGNED_IN)
      .given(DEFAULT_SETTINGS)
      .uponReceiving('a learner accepting an AI-use notice when none is published')
      .withRequest('POST', '/api/ai-governance/notice/accept', (request) => request.jsonBody({ version: 1 }))
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: 'No AI-use notice is published' }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(aiUseApi.endpoints.acceptAiNotice.initiate({ version: 1 }));
        expect(result.error).toMatchObject({ status: 404, serverMessage: 'No AI-use notice is published' });
      }));
});
