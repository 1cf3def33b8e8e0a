/** @jest-environment node */
// Consumer contract of mf-agents' prompt template editor with svc-gateway: every prompt call the
// remote makes, through the REAL RTK Query endpoints and base query, pointed at Pact's mock server.
import {
  PROMPT_NOT_FOUND_MESSAGE,
  promptTemplateListSchema,
  promptTemplateSchema,
  promptVersionHistorySchema,
} from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import path from 'node:path';
import { promptsApi } from './prompts.api';

const { eachLike, integer, like, regex, uuid } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };

/** Ids appear in paths, so they are exact. */
const PROMPT_ID = '7b3e2f1a-4c5d-4e6f-8a7b-9c0d1e2f3a4b';
const PROMPT_NAME = 'lesson-composition';

/** The built-in lesson-writing template, as svc-ai seeds it (version 1), under PROMPT_ID. svc-gateway's verification sets it up. */
const TEMPLATE_EXISTS = { name: 'a built-in prompt template exists with a known id', params: { id: PROMPT_ID, name: PROMPT_NAME } };

function templateLike(overrides: Record<string, unknown> = {}) {
  return {
    id: uuid(PROMPT_ID),
    name: like(PROMPT_NAME),
    category: like('course-authoring'),
    model: like('default'),
    effectiveModel: like('gpt-4o-mini'),
    maxTokensLimit: integer(16384),
    temperature: like('0.3'),
    maxTokens: integer(4000),
    description: like('Writes one lesson of a course from its library sources.'),
    prompt: like('You write one lesson of a course for Masar.'),
    parameters: eachLike('lessonType'),
    version: integer(1),
    updatedBy: null,
    updatedAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
    ...overrides,
  };
}

const EDIT = {
  prompt: 'Write a {lessonType} lesson in {languageName} from the sources. Answer with JSON only.',
  description: 'Shorter lessons',
  temperature: '0.5',
  maxTokens: 2000,
};

const pact = new PactV4({ consumer: 'masar-mf-agents', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-mf-agents -> svc-gateway (prompt templates)', () => {
  it('GET /api/prompts lists the templates for an admin', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .given(TEMPLATE_EXISTS.name, TEMPLATE_EXISTS.params)
      .uponReceiving('the prompt templates')
      .withRequest('GET', '/api/prompts')
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ items: eachLike(templateLike()) }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(promptsApi.endpoints.listPrompts.initiate());
        expect(promptTemplateListSchema.parse(result.data).items.length).toBeGreaterThan(0);
      }));

  it('GET /api/prompts is refused to a learner (403)', () =>
    pact
      .addInteraction()
      .given('a learner is signed in')
      .uponReceiving('the prompt templates, asked by a learner')
      .withRequest('GET', '/api/prompts')
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: like('You do not have permission to do this') }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(promptsApi.endpoints.listPrompts.initiate());
        expect(result.error).toMatchObject({ status: 403 });
      }));

  it('GET /api/prompts/:name gives one template', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .given(TEMPLATE_EXISTS.name, TEMPLATE_EXISTS.params)
      .uponReceiving('one prompt template by name')
      .withRequest('GET', `/api/prompts/${PROMPT_NAME}`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(templateLike({ id: PROMPT_ID, name: PROMPT_NAME })))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(promptsApi.endpoints.getPrompt.initiate(PROMPT_NAME));
        expect(promptTemplateSchema.parse(result.data)).toMatchObject({ id: PROMPT_ID, name: PROMPT_NAME });
      }));

  it('GET /api/prompts/:name answers 404 "Prompt not found" for a name no template has', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a prompt template name that does not exist')
      .withRequest('GET', '/api/prompts/no-such-prompt')
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE }))
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(promptsApi.endpoints.getPrompt.initiate('no-such-prompt'));
        expect(result.error).toMatchObject({ status: 404, serverMessage: PROMPT_NOT_FOUND_MESSAGE });
      }));

  it('PUT /api/prompts/:id saves the edit as the next version', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .given(TEMPLATE_EXISTS.name, TEMPLATE_EXISTS.params)
      .uponReceiving('a valid edit of a prompt template')
      .withRequest('PUT', `/api/prompts/${PROMPT_ID}`, (request) => request.jsonBody(EDIT))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          templateLike({ id: PROMPT_ID, prompt: EDIT.prompt, description: EDIT.description, temperature: EDIT.temperature, maxTokens: EDIT.maxTokens, version: 2, updatedBy: uuid('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b') }),
        ),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(promptsApi.endpoints.updatePrompt.initiate({ id: PROMPT_ID, changes: EDIT }));
        expect(promptTemplateSchema.parse(result.data)).toMatchObject({ version: 2, prompt: EDIT.prompt, maxTokens: 2000 });
      }));

  it('PUT /api/prompts/:id answers 400 naming the field for a temperature out of range', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .given(TEMPLATE_EXISTS.name, TEMPLATE_EXISTS.params)
      .uponReceiving('an edit with a temperature above 2')
      .withRequest('PUT', `/api/prompts/${PROMPT_ID}`, (request) => request.jsonBody({ ...EDIT, temperature: '3' }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'temperature: Temperature must be from 0 to 2' }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(
          promptsApi.endpoints.updatePrompt.initiate({ id: PROMPT_ID, changes: { ...EDIT, temperature: '3' } }),
        );
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'temperature: Temperature must be from 0 to 2' });
      }));

  it('GET /api/prompts/:id/versions lists the versions, newest first', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .given(TEMPLATE_EXISTS.name, TEMPLATE_EXISTS.params)
      .uponReceiving('the versions of a prompt template')
      .withRequest('GET', `/api/prompts/${PROMPT_ID}/versions`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike({
            templateId: PROMPT_ID,
            version: integer(1),
            prompt: like('You write one lesson of a course for Masar.'),
            description: like('Writes one lesson.'),
            temperature: like('0.3'),
            maxTokens: integer(4000),
            model: like('default'),
            changedBy: null,
            changedByName: null,
            changedAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
            changes: [],
            restoredFrom: null,
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(promptsApi.endpoints.promptVersions.initiate(PROMPT_ID));
        expect(promptVersionHistorySchema.parse(result.data).items[0].templateId).toBe(PROMPT_ID);
      }));

  it('POST /api/prompts/:id/versions/:version/restore saves that version again as the next one', () =>
    pact
      .addInteraction()
      .given('an admin is signed in')
      .given(TEMPLATE_EXISTS.name, TEMPLATE_EXISTS.params)
      .uponReceiving('restoring version 1 of a prompt template')
      .withRequest('POST', `/api/prompts/${PROMPT_ID}/versions/1/restore`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(templateLike({ id: PROMPT_ID, version: 2, updatedBy: uuid('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b') })),
      )
      .executeTest(async (mockServer) => {
        const result = await createTestStoreFor(mockServer.url).dispatch(promptsApi.endpoints.restorePromptVersion.initiate({ id: PROMPT_ID, version: 1 }));
        expect(promptTemplateSchema.parse(result.data).version).toBe(2);
      }));
});
