import {
  PROMPT_NOT_FOUND_MESSAGE,
  PROMPT_TEMPLATE_NAMES,
  PromptTemplate,
  promptTemplateListSchema,
  promptTemplateSchema,
  promptVersionHistorySchema,
} from '@masar/contracts';
import request from 'supertest';
import { BuiltServiceProcess, startBuiltService } from '../../deploy/local/service-process';
import { Platform, signedInAgent, startPlatform } from './support/platform';

/**
 * `/api/prompts` against the real gateway, svc-identity and svc-ai (its build, offline, on the
 * platform's database, where it keeps the templates in its `ai` schema), the real Redis and NATS.
 */
let platform: Platform;
let ai: BuiltServiceProcess;

beforeAll(async () => {
  platform = await startPlatform();
  ai = await startBuiltService('svc-ai', { DATABASE_URL: platform.database.url, AI_PROVIDER: 'offline' });
});

afterAll(async () => {
  await ai?.stop();
  await platform?.stop();
});

const asAdmin = async () => (await signedInAgent(platform, 'admin', 'admin123')).agent;

async function lessonTemplate(agent: request.Agent): Promise<PromptTemplate> {
  return promptTemplateSchema.parse((await agent.get(`/api/prompts/${PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION}`).expect(200)).body);
}

const lessonEdit = (overrides: Record<string, unknown> = {}) => ({
  prompt: 'Write a {lessonType} lesson in {languageName}. Answer with JSON only.',
  description: 'Lessons in the course language',
  temperature: '0.4',
  maxTokens: 3000,
  ...overrides,
});

describe('reading prompt templates', () => {
  it('lists them, and gives one by ?name= or by /:name', async () => {
    const admin = await asAdmin();
    const { items } = promptTemplateListSchema.strict().parse((await admin.get('/api/prompts').expect(200)).body);
    expect(items.map((item) => item.name)).toEqual([
      'arabic-diacritics',
      'exercise-feedback',
      'helper-creative-scenarios',
      'helper-deep-analysis',
      'helper-practical-exercises',
      'helper-quiz',
      'helper-summarize',
      'helper-visual-explanation',
      'image-description',
      'lesson-composition',
      'lesson-illustration',
      'quality-fact-check',
      'search-answer',
      'skill-extraction',
    ]);
    const byQuery = promptTemplateSchema.strict().parse((await admin.get('/api/prompts').query({ name: 'skill-extraction' }).expect(200)).body);
    const byPath = (await admin.get('/api/prompts/skill-extraction').expect(200)).body;
    expect(byPath).toEqual(byQuery);
    expect(byQuery).toMatchObject({ name: 'skill-extraction', temperature: '0', model: 'default', effectiveModel: 'gpt-4o-mini', maxTokensLimit: 16384 });
  });

  it('answers 404 "Prompt not found" for a name no template has, either way', async () => {
    const admin = await asAdmin();
    expect((await admin.get('/api/prompts/no-such-prompt').expect(404)).body).toEqual({ statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE });
    expect((await admin.get('/api/prompts').query({ name: 'no-such-prompt' }).expect(404)).body).toEqual({ statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE });
  });
});

describe('editing prompt templates', () => {
  it('saves an edit as a new version, lists the versions and restores an older one', async () => {
    const admin = await asAdmin();
    const before = await lessonTemplate(admin);
    const saved = promptTemplateSchema.parse((await admin.put(`/api/prompts/${before.id}`).send(lessonEdit()).expect(200)).body);
    expect(saved).toMatchObject({ prompt: lessonEdit().prompt, temperature: '0.4', maxTokens: 3000, version: before.version + 1 });

    const versions = promptVersionHistorySchema.strict().parse((await admin.get(`/api/prompts/${before.id}/versions`).expect(200)).body);
    // Who made each version, by name from svc-identity (the seeded admin); the built-in default has none.
    expect(versions.items.map((version) => [version.version, version.changes, version.changedByName])).toEqual([
      [before.version + 1, ['prompt', 'description', 'temperature', 'maxTokens'], 'Amal Haddad'],
      [before.version, [], null],
    ]);

    const restored = promptTemplateSchema.parse((await admin.post(`/api/prompts/${before.id}/versions/${before.version}/restore`).expect(200)).body);
    expect(restored).toMatchObject({ prompt: before.prompt, temperature: before.temperature, maxTokens: before.maxTokens, version: before.version + 2 });
    expect((await lessonTemplate(admin)).version).toBe(before.version + 2);
  });

  it.each([
    [{ temperature: 'abc' }, 'temperature: Temperature must be a number, such as 0.7'],
    [{ temperature: '3' }, 'temperature: Temperature must be from 0 to 2'],
    [{ temperature: '' }, 'temperature: Temperature is required'],
    [{ maxTokens: 'lots' }, 'maxTokens: Max tokens must be a whole number'],
    [{ maxTokens: 16_385 }, 'maxTokens: Max tokens must be at most 16384 for gpt-4o-mini'],
    [{ prompt: 'Write about {topic}.' }, 'prompt: The placeholder {topic} is not a declared parameter (declared: language, languageName, lessonType, sourceCount)'],
    [{ prompt: '\u200B\u200B' }, 'prompt: Prompt is required'],
    [{ model: 'gpt-4o' }, 'body: Unrecognized key: "model"'],
  ])('refuses %j with a 400 naming the field, saving nothing', async (changes, message) => {
    const admin = await asAdmin();
    const before = await lessonTemplate(admin);
    const response = await admin.put(`/api/prompts/${before.id}`).send(lessonEdit(changes)).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message });
    expect(await lessonTemplate(admin)).toEqual(before);
  });

  it('answers 404 for an id or a version that names nothing', async () => {
    const admin = await asAdmin();
    const notFound = { statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE };
    expect((await admin.put('/api/prompts/not-an-id').send(lessonEdit()).expect(404)).body).toEqual(notFound);
    expect((await admin.put('/api/prompts/00000000-0000-4000-8000-00000000f00d').send(lessonEdit()).expect(404)).body).toEqual(notFound);
    expect((await admin.get('/api/prompts/00000000-0000-4000-8000-00000000f00d/versions').expect(404)).body).toEqual(notFound);
    const { id } = await lessonTemplate(admin);
    expect((await admin.post(`/api/prompts/${id}/versions/first/restore`).expect(404)).body.message).toBe('That prompt version does not exist');
    expect((await admin.post(`/api/prompts/${id}/versions/999/restore`).expect(404)).body.message).toBe('Version 999 of this prompt does not exist');
  });
});

describe('who may use them', () => {
  it('refuses a learner (403) and someone not signed in (401) on every route', async () => {
    const admin = await asAdmin();
    const { id } = await lessonTemplate(admin);
    const learner = (await signedInAgent(platform, 'demo', 'demo123')).agent;
    const anonymous = request(platform.gateway.url);
    const calls: [string, string, unknown?][] = [
      ['get', '/api/prompts'],
      ['get', '/api/prompts/lesson-composition'],
      ['put', `/api/prompts/${id}`, lessonEdit({ prompt: 'Hijacked' })],
      ['get', `/api/prompts/${id}/versions`],
      ['post', `/api/prompts/${id}/versions/1/restore`],
    ];
    for (const [method, path, body] of calls) {
      const asLearner = learner[method as 'get'](path);
      expect((await (body ? asLearner.send(body as object) : asLearner)).status).toBe(403);
      const unsigned = anonymous[method as 'get'](path).set('Origin', platform.gateway.url);
      expect((await (body ? unsigned.send(body as object) : unsigned)).status).toBe(401);
    }
    expect((await lessonTemplate(admin)).prompt).not.toBe('Hijacked');
  });
});
