import {
  AI_GOVERNANCE_SUBJECTS,
  AI_SUBJECTS,
  aiCallPageSchema,
  Caller,
  factCheckLessonsReplySchema,
  PROMPT_NOT_FOUND_MESSAGE,
  PROMPT_TEMPLATE_NAMES,
  PromptTemplate,
  promptTemplateListSchema,
  promptTemplateSchema,
  promptTemplateVersionListSchema,
} from '@masar/contracts';
import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import { FreshDatabase, NestReply, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PROMPT_CACHE_MS } from '../src/prompts/stored-prompt-source';
import { FACT_CHECK_SYSTEM_PROMPT } from '../src/providers/openai/fact-check-prompt';
import { IMAGE_DESCRIPTION_SYSTEM_PROMPT } from '../src/providers/openai/image-description-prompt';
import { LEARNING_HELPER_SYSTEM_PROMPTS } from '../src/providers/openai/learning-helper-prompts';
import { LESSON_ILLUSTRATION_PROMPT } from '../src/providers/openai/lesson-illustration-prompt';
import { ARABIC_DIACRITICS_SYSTEM_PROMPT } from '../src/providers/openai/arabic-diacritics-prompt';
import { EXERCISE_FEEDBACK_SYSTEM_PROMPT } from '../src/providers/openai/exercise-feedback-prompt';
import { LESSON_COMPOSITION_SYSTEM_PROMPT } from '../src/providers/openai/lesson-composition-prompt';
import { SEARCH_ANSWER_SYSTEM_PROMPT } from '../src/providers/openai/search-answer-prompt';
import { SKILL_EXTRACTION_SYSTEM_PROMPT } from '../src/providers/openai/skill-extraction-prompt';
import { composeRequest, plannedLesson } from './support/compose-request.factory';
import { chatCompletion, FakeOpenAiServer, RecordedRequest } from './support/fake-openai-server';
import { startAiWithFakeModel, stopAiWithFakeModel } from './support/ai-with-fake-model';
import { ONE_PIXEL_PNG } from './support/sample-images';

const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const OTHER_ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const MISSING_ID = '00000000-0000-4000-8000-00000000f00d';

interface ChatBody {
  model: string;
  temperature: number;
  max_tokens: number;
  response_format?: unknown;
  messages: { role: string; content: unknown }[];
}

const bodyOf = (request: RecordedRequest) => request.body as ChatBody;

/**
 * Prompt templates against the real svc-ai, its Postgres schema and NATS, with the OpenAI provider
 * pointed at a fake OpenAI-compatible server: what admins can read, edit and restore, what everyone
 * else is refused, and that what the model receives is exactly the stored template.
 */
describe('svc-ai prompt templates (real Postgres and NATS, fake OpenAI-compatible model)', () => {
  const model = new FakeOpenAiServer();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;

  beforeAll(async () => {
    ({ database, app, nats } = await startAiWithFakeModel(model, 'ai_prompts'));
  });

  afterAll(() => stopAiWithFakeModel({ database, app, nats }, model));

  beforeEach(() => model.reset());

  const send = (subject: string, data: unknown, caller?: Caller): Promise<NestReply> => requestOverNats(nats, subject, data, undefined, caller);

  async function template(name: string): Promise<PromptTemplate> {
    return promptTemplateSchema.parse((await send(AI_SUBJECTS.GET_PROMPT, { name }, ADMIN)).response);
  }

  async function versionRows(): Promise<number> {
    const [{ count }] = await app.get(DataSource).query('SELECT count(*)::int AS count FROM ai.prompt_template_versions');
    return count as number;
  }

  describe('reading', () => {
    it('lists the built-in templates, equal to the prompts the code used before, as version 1', async () => {
      const reply = await send(AI_SUBJECTS.LIST_PROMPTS, {}, ADMIN);
      const { items } = promptTemplateListSchema.strict().parse(reply.response);
      const helper = (name: string, prompt: string) => [name, 'learning-helpers', 'default', '0.4', 1500, 1, prompt];
      expect(items.map((item) => [item.name, item.category, item.model, item.temperature, item.maxTokens, item.version, item.prompt])).toEqual([
        ['arabic-diacritics', 'narration', 'default', '0', 4000, 1, ARABIC_DIACRITICS_SYSTEM_PROMPT],
        ['exercise-feedback', 'exercises', 'default', '0.3', 2000, 1, EXERCISE_FEEDBACK_SYSTEM_PROMPT],
        helper('helper-creative-scenarios', LEARNING_HELPER_SYSTEM_PROMPTS.creative_scenarios),
        helper('helper-deep-analysis', LEARNING_HELPER_SYSTEM_PROMPTS.deep_analysis),
        helper('helper-practical-exercises', LEARNING_HELPER_SYSTEM_PROMPTS.practical_exercises),
        helper('helper-quiz', LEARNING_HELPER_SYSTEM_PROMPTS.generate_quiz),
        helper('helper-summarize', LEARNING_HELPER_SYSTEM_PROMPTS.summarize),
        helper('helper-visual-explanation', LEARNING_HELPER_SYSTEM_PROMPTS.visual_explanation),
        ['image-description', 'course-authoring', 'default', '0.3', 400, 1, IMAGE_DESCRIPTION_SYSTEM_PROMPT],
        ['lesson-composition', 'course-authoring', 'default', '0.3', 4000, 1, LESSON_COMPOSITION_SYSTEM_PROMPT],
        ['lesson-illustration', 'illustrations', 'default', '0', 1, 1, LESSON_ILLUSTRATION_PROMPT],
        ['quality-fact-check', 'quality', 'default', '0', 2000, 1, FACT_CHECK_SYSTEM_PROMPT],
        ['search-answer', 'search', 'default', '0', 800, 1, SEARCH_ANSWER_SYSTEM_PROMPT],
        ['skill-extraction', 'skills', 'default', '0', 4000, 1, SKILL_EXTRACTION_SYSTEM_PROMPT],
      ]);
      const byName = new Map(items.map((item) => [item.name, item]));
      expect(byName.get('quality-fact-check')?.parameters).toEqual(['language', 'languageName']);
      expect(byName.get('search-answer')?.parameters).toEqual(['language', 'languageName']);
      expect(byName.get('lesson-composition')).toMatchObject({
        effectiveModel: 'fake-model',
        maxTokensLimit: 4096,
        parameters: ['language', 'languageName', 'lessonType', 'sourceCount'],
        updatedBy: null,
      });
    });

    it('gets one by name or by id, and answers 404 "Prompt not found" for neither', async () => {
      const byName = await template(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION);
      const byId = promptTemplateSchema.parse((await send(AI_SUBJECTS.GET_PROMPT, { id: byName.id }, ADMIN)).response);
      expect(byId).toEqual(byName);
      for (const request of [{ name: 'no-such-prompt' }, { id: MISSING_ID }]) {
        expect((await send(AI_SUBJECTS.GET_PROMPT, request, ADMIN)).err).toEqual({ statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE });
      }
      expect((await send(AI_SUBJECTS.LIST_PROMPT_VERSIONS, { id: MISSING_ID }, ADMIN)).err).toEqual({ statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE });
    });

    it('refuses a learner (403) and a message naming nobody (401) on every subject, changing nothing', async () => {
      const { id } = await template(PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION);
      const edit = { prompt: 'Hijacked', description: '', temperature: '1', maxTokens: 10 };
      const requests: [string, unknown][] = [
        [AI_SUBJECTS.LIST_PROMPTS, {}],
        [AI_SUBJECTS.GET_PROMPT, { id }],
        [AI_SUBJECTS.UPDATE_PROMPT, { id, changes: edit }],
        [AI_SUBJECTS.LIST_PROMPT_VERSIONS, { id }],
        [AI_SUBJECTS.RESTORE_PROMPT_VERSION, { id, version: 1 }],
      ];
      for (const [subject, data] of requests) {
        expect((await send(subject, data, LEARNER)).err).toEqual({ statusCode: 403, message: ADMINS_ONLY_MESSAGE });
        expect((await send(subject, data)).err).toEqual({ statusCode: 401, message: 'The request does not say who is asking' });
      }
      expect((await template(PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION)).prompt).toBe(LESSON_COMPOSITION_SYSTEM_PROMPT);
    });
  });

  describe('editing and restoring', () => {
    it('saves an edit as a new version saying who, when and what changed, and restores an older one as another', async () => {
      const before = await template(PROMPT_TEMPLATE_NAMES.IMAGE_DESCRIPTION);
      const edit = { prompt: 'Describe the {mediaType} cover in two sentences.', description: before.description, temperature: ' 0.9 ', maxTokens: 300 };
      const saved = promptTemplateSchema.parse((await send(AI_SUBJECTS.UPDATE_PROMPT, { id: before.id, changes: edit }, ADMIN)).response);
      expect(saved).toMatchObject({ prompt: edit.prompt, temperature: '0.9', maxTokens: 300, version: before.version + 1, updatedBy: ADMIN.id });

      const restored = promptTemplateSchema.parse(
        (await send(AI_SUBJECTS.RESTORE_PROMPT_VERSION, { id: before.id, version: before.version }, OTHER_ADMIN)).response,
      );
      expect(restored).toMatchObject({
        prompt: IMAGE_DESCRIPTION_SYSTEM_PROMPT,
        temperature: '0.3',
        maxTokens: 400,
        version: before.version + 2,
        updatedBy: OTHER_ADMIN.id,
      });

      const { items } = promptTemplateVersionListSchema.parse((await send(AI_SUBJECTS.LIST_PROMPT_VERSIONS, { id: before.id }, ADMIN)).response);
      expect(items.map((version) => [version.version, version.changedBy, version.changes, version.restoredFrom])).toEqual([
        [3, OTHER_ADMIN.id, ['prompt', 'temperature', 'maxTokens'], 1],
        [2, ADMIN.id, ['prompt', 'temperature', 'maxTokens'], null],
        [1, null, [], null],
      ]);
      expect(Date.parse(items[0].changedAt)).toBeGreaterThanOrEqual(Date.parse(items[1].changedAt));
      expect(items[1]).toMatchObject({ prompt: edit.prompt, temperature: '0.9', maxTokens: 300, model: 'default' });
    });

    it.each([
      ['changes.temperature: Temperature must be a number, such as 0.7', { temperature: 'abc' }],
      ['changes.temperature: Temperature must be from 0 to 2', { temperature: '3' }],
      ['changes.temperature: Temperature is required', { temperature: '  ' }],
      ['changes.maxTokens: Max tokens must be at least 1', { maxTokens: 0 }],
      ['changes.maxTokens: Max tokens must be a whole number', { maxTokens: 2.5 }],
      // The checks that need the template (its model, its parameters) name the field without the message's `changes.`.
      ['maxTokens: Max tokens must be at most 4096 for fake-model', { maxTokens: 4097 }],
      ['prompt: The placeholder {topic} is not a declared parameter (declared: language, languageName)', { prompt: 'Write about {topic}.' }],
      ['changes.prompt: Prompt is required', { prompt: '\u200B\u00A0\u200D' }],
      ['changes.prompt: Prompt must be at most 20000 characters', { prompt: 'p'.repeat(20_001) }],
    ])('answers 400 "%s", writing nothing', async (message, changes) => {
      const before = await template(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION);
      const versions = await versionRows();
      const edit = { prompt: before.prompt, description: before.description, temperature: before.temperature, maxTokens: before.maxTokens, ...changes };
      const reply = await send(AI_SUBJECTS.UPDATE_PROMPT, { id: before.id, changes: edit }, ADMIN);
      expect(reply.err).toEqual({ statusCode: 400, message });
      expect(await template(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION)).toEqual(before);
      expect(await versionRows()).toBe(versions);
    });

    it('answers 404 for a template or a version that does not exist', async () => {
      const edit = { prompt: 'x', description: '', temperature: '0', maxTokens: 10 };
      expect((await send(AI_SUBJECTS.UPDATE_PROMPT, { id: MISSING_ID, changes: edit }, ADMIN)).err).toEqual({ statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE });
      expect((await send(AI_SUBJECTS.RESTORE_PROMPT_VERSION, { id: MISSING_ID, version: 1 }, ADMIN)).err).toEqual({ statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE });
      const { id } = await template(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION);
      expect((await send(AI_SUBJECTS.RESTORE_PROMPT_VERSION, { id, version: 99 }, ADMIN)).err).toEqual({
        statusCode: 404,
        message: 'Version 99 of this prompt does not exist',
      });
    });

    it('numbers saves made at the same moment one after another, losing none', async () => {
      const before = await template(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION);
      const saves = Array.from({ length: 6 }, (_, index) =>
        send(AI_SUBJECTS.UPDATE_PROMPT, { id: before.id, changes: { prompt: before.prompt, description: `Save ${index}`, temperature: '0', maxTokens: 4000 } }, ADMIN),
      );
      const replies = await Promise.all(saves);
      expect(replies.map((reply) => reply.err)).toEqual(Array(6).fill(undefined));
      const { items } = promptTemplateVersionListSchema.parse((await send(AI_SUBJECTS.LIST_PROMPT_VERSIONS, { id: before.id }, ADMIN)).response);
      expect(items.slice(0, 6).map((version) => version.version)).toEqual([6, 5, 4, 3, 2, 1].map((offset) => before.version + offset));
      expect((await template(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION)).version).toBe(before.version + 6);
    });
  });

  describe('what the model receives', () => {
    const posting = 'Requirements:\n- Experience with Kubernetes and Docker.';

    it('is exactly the built-in prompt, temperature and model before anyone edits a template', async () => {
      model.answerWith((request) =>
        bodyOf(request).response_format === undefined ? chatCompletion('A course on warehouse safety.') : chatCompletion('{"skills": [], "content": "Text", "keyPoints": [], "activities": [], "usedSources": []}'),
      );
      await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]));
      await send(AI_SUBJECTS.DESCRIBE_IMAGE, { image: ONE_PIXEL_PNG, mediaType: 'image/png', title: 'Warehouse Safety' });
      const [lesson, image] = model.requests.map(bodyOf);
      expect(lesson).toMatchObject({ model: 'fake-model', temperature: 0.3, max_tokens: 4000 });
      expect(lesson.messages[0]).toEqual({ role: 'system', content: LESSON_COMPOSITION_SYSTEM_PROMPT });
      expect(image).toMatchObject({ model: 'fake-model', temperature: 0.3, max_tokens: 400 });
      expect(image.messages[0]).toEqual({ role: 'system', content: IMAGE_DESCRIPTION_SYSTEM_PROMPT });
    });

    it('uses an edit on the very next call: the filled prompt, its temperature and max tokens; the data stays in the user message', async () => {
      const lessonTemplate = await template(PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION);
      model.answerWith(() => chatCompletion(JSON.stringify({ content: 'Joins combine tables.', keyPoints: [], activities: [], usedSources: [1] })));
      await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]));
      const edit = {
        prompt: 'Write a {lessonType} lesson in {languageName} ({language}) from its {sourceCount} sources. Answer with JSON only.',
        description: 'Shorter lessons',
        temperature: '1.1',
        maxTokens: 1234,
      };
      expect((await send(AI_SUBJECTS.UPDATE_PROMPT, { id: lessonTemplate.id, changes: edit }, ADMIN)).err).toBeUndefined();
      await send(AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]));

      const [first, second] = model.requests.map(bodyOf);
      expect(second).toMatchObject({ model: 'fake-model', temperature: 1.1, max_tokens: 1234 });
      expect(second.messages[0]).toEqual({ role: 'system', content: 'Write a reading lesson in English (en) from its 2 sources. Answer with JSON only.' });
      // The course, lesson and sources still travel only as JSON in the user message, as before the edit.
      expect(second.messages[1]).toEqual(first.messages[1]);
    });

    it('reads a change made in the table within a few seconds, and sends the edited skill prompt, filled', async () => {
      const skills = await template(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION);
      model.answerWith(() => chatCompletion('{"skills": []}'));
      const edit = { prompt: 'List the skills of this {languageName} posting as JSON.', description: skills.description, temperature: '0.2', maxTokens: 900 };
      expect((await send(AI_SUBJECTS.UPDATE_PROMPT, { id: skills.id, changes: edit }, ADMIN)).err).toBeUndefined();
      await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: posting, language: 'en' });
      // The model is not editable over the API (spec: prompt, description, temperature, maxTokens); an operator sets it in the table.
      await app.get(DataSource).query(`UPDATE ai.prompt_templates SET model = 'gpt-4.1-mini' WHERE id = $1`, [skills.id]);
      await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: posting, language: 'en' });
      await new Promise((resolve) => setTimeout(resolve, PROMPT_CACHE_MS + 100));
      await send(AI_SUBJECTS.EXTRACT_SKILLS, { text: posting, language: 'ar' });

      const [edited, cached, reread] = model.requests.map(bodyOf);
      expect(edited).toMatchObject({ model: 'fake-model', temperature: 0.2, max_tokens: 900 });
      expect(edited.messages[0]).toEqual({ role: 'system', content: 'List the skills of this English posting as JSON.' });
      expect(cached.model).toBe('fake-model');
      expect(reread).toMatchObject({ model: 'gpt-4.1-mini', temperature: 0.2, max_tokens: 900 });
      expect(reread.messages[0]).toEqual({ role: 'system', content: 'List the skills of this Modern Standard Arabic posting as JSON.' });
      expect(JSON.parse(reread.messages[1].content as string)).toEqual({ language: 'ar', posting });
      expect((await template(PROMPT_TEMPLATE_NAMES.SKILL_EXTRACTION)).maxTokensLimit).toBe(32_768);
    });

    it('reviews facts with the quality-fact-check template, an edit used on the next call; only claims found in the lesson come back', async () => {
      const factCheck = await template(PROMPT_TEMPLATE_NAMES.QUALITY_FACT_CHECK);
      const lesson = { key: 'lesson-1', title: 'Joins', content: 'A join combines tables. An INNER JOIN keeps every row of both tables.' };
      const request = { course: { title: 'Data Foundations', language: 'en' }, lessons: [lesson] };
      model.answerWith(() =>
        chatCompletion(
          JSON.stringify({
            findings: [
              { claim: 'An INNER JOIN keeps every row of both tables.', problem: 'It keeps matching rows only.', severity: 'major' },
              { claim: 'Joins were invented in 1995.', problem: 'Not in the lesson.', severity: 'minor' },
            ],
          }),
        ),
      );
      const before = factCheckLessonsReplySchema.parse((await send(AI_SUBJECTS.FACT_CHECK_LESSONS, request, LEARNER)).response);
      expect(before).toEqual({
        provider: 'openai',
        model: 'fake-model',
        findings: [{ key: 'lesson-1', claim: 'An INNER JOIN keeps every row of both tables.', problem: 'It keeps matching rows only.', severity: 'major' }],
        checkedKeys: ['lesson-1'],
      });
      const edit = { prompt: 'Check this {languageName} lesson for wrong facts. Answer with JSON only.', description: factCheck.description, temperature: '0.4', maxTokens: 700 };
      expect((await send(AI_SUBJECTS.UPDATE_PROMPT, { id: factCheck.id, changes: edit }, ADMIN)).err).toBeUndefined();
      await send(AI_SUBJECTS.FACT_CHECK_LESSONS, request, LEARNER);

      const [first, second] = model.requests.map(bodyOf);
      expect(first).toMatchObject({ model: 'fake-model', temperature: 0, max_tokens: 2000 });
      expect(first.messages[0]).toEqual({ role: 'system', content: FACT_CHECK_SYSTEM_PROMPT.replace('{languageName}', 'English') });
      expect(second).toMatchObject({ model: 'fake-model', temperature: 0.4, max_tokens: 700 });
      expect(second.messages[0]).toEqual({ role: 'system', content: 'Check this English lesson for wrong facts. Answer with JSON only.' });
      expect(second.messages[1]).toEqual(first.messages[1]);

      const calls = aiCallPageSchema.parse((await send(AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { feature: 'quality-review' }, ADMIN)).response);
      expect(calls.items.map((call) => [call.userId, call.provider, call.promptTemplate, call.promptVersion, call.outcome])).toEqual([
        [LEARNER.id, 'openai', 'quality-fact-check', 2, 'succeeded'],
        [LEARNER.id, 'openai', 'quality-fact-check', 1, 'succeeded'],
      ]);
    });

    it('refuses a request of more than six lessons, or with a lesson too long, with a 400 and asks no model', async () => {
      const lessons = Array.from({ length: 7 }, (_, index) => ({ key: `l${index}`, title: `Lesson ${index}`, content: 'Text.' }));
      const tooMany = await send(AI_SUBJECTS.FACT_CHECK_LESSONS, { course: { title: 'C', language: 'en' }, lessons });
      expect(tooMany.err).toMatchObject({ statusCode: 400 });
      const tooLong = await send(AI_SUBJECTS.FACT_CHECK_LESSONS, { course: { title: 'C' }, lessons: [{ key: 'l', title: 'L', content: 'x'.repeat(6001) }] });
      expect(tooLong.err).toMatchObject({ statusCode: 400 });
      expect(model.requests).toHaveLength(0);
    });
  });
});
