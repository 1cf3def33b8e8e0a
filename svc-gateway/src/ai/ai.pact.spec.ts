import {
  AI_FEATURES,
  AI_GOVERNANCE_SUBJECTS,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_NOTICE_NOT_ACCEPTED_STATUS,
  AI_NOTICE_OUTDATED_MESSAGE,
  AI_SUBJECTS,
  aiBudgetsSchema,
  aiCallPageSchema,
  aiFeatureOffMessage,
  aiFeatureSettingsListSchema,
  aiFeatureSettingsSchema,
  aiNoticeSchema,
  aiUseStatusSchema,
  type Caller,
  DEFAULT_AI_NOTICE,
  OFFLINE_MODEL_NAME,
  type DescribeImageRequest,
  extractSkillsReplySchema,
  generateIllustrationReplySchema,
  LESSON_ILLUSTRATION_MESSAGES,
  generateNarrationReplySchema,
  IMAGE_ANALYSIS_OFFLINE_MESSAGE,
  PROMPT_NOT_FOUND_MESSAGE,
  PROMPT_TEMPLATE_NAMES,
  promptTemplateListSchema,
  promptTemplateSchema,
  promptTemplateVersionListSchema,
  SKILL_CATEGORIES,
} from '@masar/contracts';
import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import { EMPTY_JSON_OBJECT } from '@masar/contracts/service-kit/testing';
import { HttpException } from '@nestjs/common';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { callerState, replayAgainstGateway, SynchronousMessage } from '../../test/support/recorded-reply-transport';
import { NarrationClient } from '../narration/narration.client';
import { LessonIllustrationsClient } from '../lesson-illustrations/lesson-illustrations.client';
import { AiClient } from './ai.client';

/**
 * What the gateway asks svc-ai directly (`POST /api/skills/extract`, `POST /api/courses/analyze-image`), as V4 synchronous messages:
 * the NATS payload the gateway sends and the reply packet svc-ai's Nest microservice answers with.
 * svc-ai verifies this file in its own tests.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-gateway-svc-ai.json');

/** params: none. svc-ai answers with its built-in offline extractor and taxonomy. */
export const OFFLINE_PROVIDER_STATE = 'the offline provider is configured';

const CATEGORY = new RegExp(`^(${SKILL_CATEGORIES.join('|')})$`);

const ENGLISH_POSTING =
  'We are hiring a backend engineer. Requirements: TypeScript, Node.js and PostgreSQL; strong communication skills.';
const ARABIC_POSTING = 'نبحث عن مهندس برمجيات. المتطلبات: خبرة في TypeScript و PostgreSQL ومهارات تواصل ممتازة.';

/** A real 1×1 PNG, base64 without a data: prefix, as the analyze-image body carries it. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function extractedSkillLike(name: string, start: number) {
  return {
    name: Matchers.string(name),
    category: Matchers.regex(CATEGORY, 'technical'),
    confidence: Matchers.number(0.9),
    // The level the posting expects of the skill ("expert in", "5+ years of", the title's seniority).
    level: Matchers.regex(/^(basic|working|strong|expert)$/, 'working'),
    evidence: Matchers.eachLike({
      text: Matchers.string(name),
      start: Matchers.integer(start),
      end: Matchers.integer(start + name.length),
    }),
  };
}

/** `caller`: the signed-in person the message is sent for (the prompt subjects name one; see `callerState`). */
function replayAgainstAi<T>(message: SynchronousMessage, call: (ai: AiClient) => Promise<T>, caller?: Caller) {
  return replayAgainstGateway(message, (services, config) => new AiClient(services, config), call, caller);
}

function replayAgainstLessonIllustrations<T>(message: SynchronousMessage, call: (illustrations: LessonIllustrationsClient) => Promise<T>, caller?: Caller) {
  return replayAgainstGateway(message, (services, config) => new LessonIllustrationsClient(services, config), call, caller);
}

/** params `{key}`: a PNG is stored under that key. */
export const ILLUSTRATION_STORED_STATE = 'a lesson illustration is stored under a known key';

/** Provider states of AI governance (no params; the caller is named by `callerState`). At least two calls, one by the caller. */
export const LOGGED_CALLS_STATE = 'svc-ai has logged AI calls';
/** Nothing changed: every feature on with svc-ai's configured provider, no budgets, no notice. */
export const DEFAULT_SETTINGS_STATE = 'svc-ai has its default AI settings';
/** Version 1 published by an admin; nobody has accepted it. */
export const PUBLISHED_NOTICE_STATE = 'svc-ai has a published AI-use notice';
export const LESSON_WRITING_OFF_STATE = 'lesson writing is turned off';

/** params `{id, name}`: the built-in template of that name, as seeded (version 1), under that id. */
export const PROMPT_TEMPLATE_EXISTS_STATE = 'a built-in prompt template exists with a known id';

const PROMPT_ID = '7b3e2f1a-4c5d-4e6f-8a7b-9c0d1e2f3a4b';
const ADMIN: Caller = { id: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b', role: 'admin' };
const LEARNER: Caller = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', role: 'learner' };
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A template as the gateway reads one: the spec's fields, the resolved model and its token limit, the version. */
function promptTemplateLike(fields: { id?: unknown; name?: unknown; prompt?: unknown; version?: unknown; updatedBy?: unknown } = {}) {
  return {
    id: fields.id ?? Matchers.uuid(PROMPT_ID),
    name: fields.name ?? Matchers.string(PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION),
    category: Matchers.string('course-authoring'),
    model: Matchers.string('default'),
    effectiveModel: Matchers.string('gpt-4o-mini'),
    maxTokensLimit: Matchers.integer(16384),
    temperature: Matchers.string('0.3'),
    maxTokens: Matchers.integer(4000),
    description: Matchers.string('Writes one lesson of a course from its library sources.'),
    prompt: fields.prompt ?? Matchers.string('You write one lesson of a course for Masar.'),
    parameters: Matchers.eachLike(Matchers.string('lessonType')),
    version: fields.version ?? Matchers.integer(1),
    updatedBy: fields.updatedBy ?? null,
    updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
  };
}

const LESSON_EDIT = {
  prompt: 'Write a {lessonType} lesson in {languageName} from the sources. Answer with JSON only.',
  description: 'Shorter lessons',
  temperature: '0.5',
  maxTokens: 2000,
};

describe('svc-gateway (consumer) and svc-ai (provider) over NATS', () => {
  const pact = new PactV4({ consumer: 'svc-gateway', provider: 'svc-ai', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    // Each run writes the file afresh, so an interaction removed here leaves the contract too.
    rmSync(PACT_FILE, { force: true });
  });

  it('extracts the skills of an English posting, each with the spans that support it', async () => {
    const request = { text: ENGLISH_POSTING, language: 'en' as const };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXTRACT_SKILLS} for an English posting`)
      .given(OFFLINE_PROVIDER_STATE)
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            skills: Matchers.eachLike(extractedSkillLike('TypeScript', ENGLISH_POSTING.indexOf('TypeScript'))),
            language: 'en',
            provider: 'offline',
            taxonomyVersion: Matchers.string('1.0.0'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstAi(message, (ai) => ai.extractSkills(request));
        const reply = extractSkillsReplySchema.parse(result);
        expect(reply.skills[0].evidence.length).toBeGreaterThan(0);
        expect(reply.language).toBe('en');
      });
  });

  it('reads an Arabic posting given without a language as Arabic', async () => {
    const request = { text: ARABIC_POSTING };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXTRACT_SKILLS} for an Arabic posting without a language`)
      .given(OFFLINE_PROVIDER_STATE)
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            skills: Matchers.eachLike(extractedSkillLike('TypeScript', ARABIC_POSTING.indexOf('TypeScript'))),
            language: 'ar',
            provider: 'offline',
            taxonomyVersion: Matchers.string('1.0.0'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstAi(message, (ai) => ai.extractSkills(request));
        expect(extractSkillsReplySchema.parse(result).language).toBe('ar');
      });
  });

  it("passes svc-ai's refusal of blank text through as its 400", async () => {
    // The gateway checks the body first; this pins what svc-ai says if a blank text reaches it anyway.
    const request = { text: ' \n ' };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXTRACT_SKILLS} for blank text`)
      .given(OFFLINE_PROVIDER_STATE)
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          err: { statusCode: 400, message: Matchers.string('text: Please enter job description content') },
        }),
      )
      .executeTest(async (message) => {
        const { error } = await replayAgainstAi(message, (ai) => ai.extractSkills(request));
        expect(error).toBeInstanceOf(HttpException);
        expect((error as HttpException).getStatus()).toBe(400);
      });
  });

  it('is told offline that image analysis needs a vision model (501), which it passes on', async () => {
    const request: DescribeImageRequest = { image: ONE_PIXEL_PNG, mediaType: 'image/png', title: 'Warehouse Safety' };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.DESCRIBE_IMAGE} for a PNG while offline`)
      .given(OFFLINE_PROVIDER_STATE)
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 501, message: IMAGE_ANALYSIS_OFFLINE_MESSAGE } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstAi(message, (ai) => ai.describeImage(request));
        expect(error).toBeInstanceOf(HttpException);
        expect((error as HttpException).getStatus()).toBe(501);
        expect((error as HttpException).getResponse()).toEqual({ statusCode: 501, message: IMAGE_ANALYSIS_OFFLINE_MESSAGE });
      });
  });

  it("passes svc-ai's refusal of bytes that are not the declared image through as its 400", async () => {
    const request: DescribeImageRequest = {
      image: Buffer.from('%PDF-1.7 not an image').toString('base64'),
      mediaType: 'image/png',
      title: 'Warehouse Safety',
    };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.DESCRIBE_IMAGE} for bytes that are not the declared image`)
      .given(OFFLINE_PROVIDER_STATE)
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({ err: { statusCode: 400, message: Matchers.string('The file is not a PNG, JPEG, GIF or WebP image') } }),
      )
      .executeTest(async (message) => {
        const { error } = await replayAgainstAi(message, (ai) => ai.describeImage(request));
        expect(error).toBeInstanceOf(HttpException);
        expect((error as HttpException).getStatus()).toBe(400);
      });
  });

  describe('lesson narration (in the listener\'s name)', () => {
    const narrate = (message: SynchronousMessage, request: { text: string; title: string }) =>
      replayAgainstGateway(message, (services, config) => new NarrationClient(services, config), (client) => client.generate(request), LEARNER);

    it('narrates an Arabic lesson with the Arabic voice: the key of the MP3 in the narration bucket and the text spoken', async () => {
      const request = { text: 'الجداول **المحورية** تلخص آلاف الصفوف في جدول صغير.', title: 'الجداول المحورية' };
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.GENERATE_NARRATION} for an Arabic lesson`)
        .given(OFFLINE_PROVIDER_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withJSONContent(request))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              audioKey: Matchers.regex(/^[0-9a-f]{64}$/, 'a'.repeat(64)),
              // The marks dropped; the title not read twice, as the text starts with it.
              textContent: 'الجداول المحورية تلخص آلاف الصفوف في جدول صغير.',
              language: 'ar',
              bytes: Matchers.integer(20000),
              durationSeconds: Matchers.decimal(4.5),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await narrate(message, request);
          expect(generateNarrationReplySchema.parse(result).language).toBe('ar');
        });
    });

    it("passes svc-ai's refusal of text with nothing to say through as its 400", async () => {
      const request = { text: '*** ---', title: '' };
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.GENERATE_NARRATION} for text without words`)
        .given(OFFLINE_PROVIDER_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withJSONContent(request))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 400, message: Matchers.string('text: Text is required') } }))
        .executeTest(async (message) => {
          const { error } = await narrate(message, request);
          expect((error as HttpException).getStatus()).toBe(400);
        });
    });
  });

  describe('lesson illustrations (asked in the signed-in person\'s name)', () => {
    const lesson = {
      title: 'Pivot tables step by step',
      content:
        'A pivot table summarises thousands of rows in seconds. Drag Region to Rows and Revenue to Values to total revenue by region. ' +
        'Slicers filter every connected pivot table at once. Refresh the pivot table after the source data changes.',
      lessonSummary: 'A pivot table summarises thousands of rows in seconds.',
      keyPoints: ['A pivot table summarises thousands of rows in seconds.', 'Slicers filter every connected pivot table at once.'],
      skills: ['Microsoft Excel', 'Pivot Tables'],
    };

    it('has a lesson illustrated offline and gets the key of the stored PNG', async () => {
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.GENERATE_ILLUSTRATION} of an English lesson while offline`)
        .given(OFFLINE_PROVIDER_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withJSONContent(lesson))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              key: Matchers.regex(/^[0-9a-f]{64}$/, 'a'.repeat(64)),
              width: Matchers.integer(1200),
              height: Matchers.integer(675),
              bytes: Matchers.integer(40_000),
              provider: 'offline',
              model: OFFLINE_MODEL_NAME,
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstLessonIllustrations(message, (illustrations) => illustrations.generate(lesson), LEARNER);
          expect(generateIllustrationReplySchema.parse(result).key).toMatch(/^[0-9a-f]{64}$/);
        });
    });

    it('gets a stored illustration as base64 PNG', async () => {
      const key = 'c'.repeat(64);
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.GET_ILLUSTRATION} of a stored illustration`)
        .given(ILLUSTRATION_STORED_STATE, { key })
        .withRequest((builder) => builder.withJSONContent({ key }))
        .withResponse((response) => response.withJSONContent({ response: { pngBase64: Matchers.regex(/^iVBORw0KGgo[A-Za-z0-9+/=]+$/, ONE_PIXEL_PNG) } }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstLessonIllustrations(message, (illustrations) => illustrations.png(key));
          expect(result?.subarray(1, 4).toString('latin1')).toBe('PNG');
        });
    });

    it('is told 404 for a key nothing was stored under, which it passes on', async () => {
      const key = 'd'.repeat(64);
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.GET_ILLUSTRATION} of an unknown key`)
        .given(OFFLINE_PROVIDER_STATE)
        .withRequest((builder) => builder.withJSONContent({ key }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: LESSON_ILLUSTRATION_MESSAGES.notFound } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstLessonIllustrations(message, (illustrations) => illustrations.png(key));
          expect((error as HttpException).getStatus()).toBe(404);
        });
    });
  });

  describe('prompt templates (admins only; the caller is named by the callerState provider state)', () => {
    const existing = { id: PROMPT_ID, name: PROMPT_TEMPLATE_NAMES.LESSON_COMPOSITION };

    it('lists the templates for an admin', async () => {
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.LIST_PROMPTS} for an admin`)
        .given(PROMPT_TEMPLATE_EXISTS_STATE, existing)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) => response.withJSONContent({ response: { items: Matchers.eachLike(promptTemplateLike()) } }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.listPrompts(), ADMIN);
          expect(promptTemplateListSchema.parse(result).items.length).toBeGreaterThan(0);
        });
    });

    it('refuses a learner with 403, which it passes on', async () => {
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.LIST_PROMPTS} for a learner`)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: ADMINS_ONLY_MESSAGE } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAi(message, (ai) => ai.listPrompts(), LEARNER);
          expect((error as HttpException).getStatus()).toBe(403);
        });
    });

    it('gets one template by name', async () => {
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.GET_PROMPT} by name`)
        .given(PROMPT_TEMPLATE_EXISTS_STATE, existing)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent({ name: existing.name }))
        .withResponse((response) => response.withJSONContent({ response: promptTemplateLike({ id: PROMPT_ID, name: existing.name }) }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.getPrompt({ name: existing.name }), ADMIN);
          expect(promptTemplateSchema.parse(result)).toMatchObject({ id: PROMPT_ID, name: existing.name });
        });
    });

    it('is told "Prompt not found" (404) for a name no template has', async () => {
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.GET_PROMPT} for an unknown name`)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent({ name: 'no-such-prompt' }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAi(message, (ai) => ai.getPrompt({ name: 'no-such-prompt' }), ADMIN);
          expect((error as HttpException).getResponse()).toEqual({ statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE });
        });
    });

    it('saves an edit as the next version, saying who saved it', async () => {
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.UPDATE_PROMPT} with a valid edit`)
        .given(PROMPT_TEMPLATE_EXISTS_STATE, existing)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent({ id: PROMPT_ID, changes: LESSON_EDIT }))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              ...promptTemplateLike({ id: PROMPT_ID, name: existing.name, prompt: LESSON_EDIT.prompt, version: 2, updatedBy: ADMIN.id }),
              temperature: LESSON_EDIT.temperature,
              maxTokens: LESSON_EDIT.maxTokens,
              description: LESSON_EDIT.description,
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.updatePrompt(PROMPT_ID, LESSON_EDIT), ADMIN);
          expect(promptTemplateSchema.parse(result)).toMatchObject({ version: 2, updatedBy: ADMIN.id, prompt: LESSON_EDIT.prompt });
        });
    });

    it("passes svc-ai's 400 on for a placeholder the template does not declare", async () => {
      const edit = { ...LESSON_EDIT, prompt: 'Write about {topic}.' };
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.UPDATE_PROMPT} with an undeclared placeholder`)
        .given(PROMPT_TEMPLATE_EXISTS_STATE, existing)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent({ id: PROMPT_ID, changes: edit }))
        .withResponse((response) =>
          response.withJSONContent({
            err: { statusCode: 400, message: Matchers.regex(/^prompt: The placeholder \{topic\} is not a declared parameter \(declared: [\w, ]+\)$/, 'prompt: The placeholder {topic} is not a declared parameter (declared: language)') },
          }),
        )
        .executeTest(async (message) => {
          const { error } = await replayAgainstAi(message, (ai) => ai.updatePrompt(PROMPT_ID, edit), ADMIN);
          expect((error as HttpException).getStatus()).toBe(400);
        });
    });

    it('lists the versions of a template, newest first', async () => {
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.LIST_PROMPT_VERSIONS} of a template`)
        .given(PROMPT_TEMPLATE_EXISTS_STATE, existing)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent({ id: PROMPT_ID }))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              items: Matchers.eachLike({
                templateId: PROMPT_ID,
                version: Matchers.integer(1),
                prompt: Matchers.string('You write one lesson of a course for Masar.'),
                description: Matchers.string('Writes one lesson.'),
                temperature: Matchers.string('0.3'),
                maxTokens: Matchers.integer(4000),
                model: Matchers.string('default'),
                changedBy: null,
                changedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
                changes: [],
                restoredFrom: null,
              }),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.listPromptVersions(PROMPT_ID), ADMIN);
          expect(promptTemplateVersionListSchema.parse(result).items[0].templateId).toBe(PROMPT_ID);
        });
    });

    it('restores a version as a new one', async () => {
      await pact
        .addSynchronousInteraction(`${AI_SUBJECTS.RESTORE_PROMPT_VERSION} of version 1`)
        .given(PROMPT_TEMPLATE_EXISTS_STATE, existing)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent({ id: PROMPT_ID, version: 1 }))
        .withResponse((response) =>
          response.withJSONContent({ response: promptTemplateLike({ id: PROMPT_ID, name: existing.name, version: 2, updatedBy: ADMIN.id }) }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.restorePromptVersion(PROMPT_ID, 1), ADMIN);
          expect(promptTemplateSchema.parse(result)).toMatchObject({ version: 2, updatedBy: ADMIN.id });
        });
    });
  });

  describe('AI governance (the caller is named by the callerState provider state)', () => {
    const PROVIDER = /^(offline|openai)$/;
    const FEATURE = new RegExp(`^(${AI_FEATURES.join('|')})$`);
    const timestamp = () => Matchers.regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z');

    /** The caller's own offline calls that succeeded: what the contract says such a call carries. */
    const callsFilter = { userId: ADMIN.id, provider: 'offline' as const, outcome: 'succeeded' as const, page: 1, pageSize: 20 };
    const offlineCallLike = {
      id: Matchers.uuid('0b5f8a3e-1c2d-4e5f-8a6b-7c8d9e0f1a2b'),
      at: timestamp(),
      userId: ADMIN.id,
      userRole: 'admin',
      feature: Matchers.regex(FEATURE, 'skill-extraction'),
      provider: 'offline',
      model: OFFLINE_MODEL_NAME,
      promptTemplate: null,
      promptVersion: null,
      inputTokens: 0,
      outputTokens: 0,
      inputCharacters: Matchers.integer(120),
      outputCharacters: Matchers.integer(60),
      latencyMs: Matchers.integer(12),
      outcome: 'succeeded',
      statusCode: null,
      error: null,
      requestId: Matchers.string('a1b2c3d4-request'),
    };

    it('lists a page of the call log with the totals of every match', async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.LIST_CALLS} of an admin's offline calls`)
        .given(LOGGED_CALLS_STATE)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent(callsFilter))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              items: Matchers.eachLike(offlineCallLike),
              total: Matchers.integer(1),
              page: 1,
              pageSize: 20,
              totals: {
                calls: Matchers.integer(1),
                inputTokens: 0,
                outputTokens: 0,
                failed: 0,
                refused: 0,
              },
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.listCalls(callsFilter), ADMIN);
          expect(aiCallPageSchema.parse(result).items[0].userId).toBe(ADMIN.id);
        });
    });

    it('refuses a learner the call log with 403, which it passes on', async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.LIST_CALLS} for a learner`)
        .given(LOGGED_CALLS_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withJSONContent({ page: 1, pageSize: 20 }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: ADMINS_ONLY_MESSAGE } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAi(message, (ai) => ai.listCalls({ page: 1, pageSize: 20 }), LEARNER);
          expect((error as HttpException).getStatus()).toBe(403);
        });
    });

    it('lists the features, all on with the configured provider, as nothing was changed', async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.LIST_FEATURES} with the default settings`)
        .given(DEFAULT_SETTINGS_STATE)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) =>
          response.withJSONContent({
            response: {
              items: Matchers.eachLike(
                {
                  feature: Matchers.regex(FEATURE, 'lesson-writing'),
                  enabled: true,
                  provider: Matchers.regex(PROVIDER, 'offline'),
                  model: null,
                  effectiveModel: Matchers.string(OFFLINE_MODEL_NAME),
                  updatedBy: null,
                  updatedAt: null,
                },
                AI_FEATURES.length,
              ),
              openaiConfigured: Matchers.boolean(false),
              defaultModel: Matchers.string('gpt-4o-mini'),
            },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.listFeatures(), ADMIN);
          expect(aiFeatureSettingsListSchema.parse(result).items).toHaveLength(AI_FEATURES.length);
        });
    });

    it('turns lesson writing off, saying who did', async () => {
      const change = { feature: 'lesson-writing' as const, enabled: false, provider: 'offline' as const, model: null };
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE} turning lesson writing off`)
        .given(DEFAULT_SETTINGS_STATE)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent(change))
        .withResponse((response) =>
          response.withJSONContent({
            response: { ...change, effectiveModel: Matchers.string(OFFLINE_MODEL_NAME), updatedBy: ADMIN.id, updatedAt: timestamp() },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.updateFeature(change), ADMIN);
          expect(aiFeatureSettingsSchema.parse(result)).toMatchObject({ enabled: false, updatedBy: ADMIN.id });
        });
    });

    it('reads the budgets: no limit, nobody with a budget of their own', async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.GET_BUDGETS} with the default settings`)
        .given(DEFAULT_SETTINGS_STATE)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) =>
          response.withJSONContent({
            response: { defaultMonthlyTokens: null, overrides: [], usage: [], resetsAt: timestamp(), updatedAt: null },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.getBudgets(), ADMIN);
          expect(aiBudgetsSchema.parse(result).defaultMonthlyTokens).toBeNull();
        });
    });

    it('sets a default budget and one of a learner of their own', async () => {
      const budgets = { defaultMonthlyTokens: 100_000, overrides: [{ userId: LEARNER.id, monthlyTokens: 5000 }] };
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.UPDATE_BUDGETS} with a default and an override`)
        .given(DEFAULT_SETTINGS_STATE)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent(budgets))
        .withResponse((response) =>
          response.withJSONContent({ response: { ...budgets, usage: [], resetsAt: timestamp(), updatedAt: timestamp() } }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.updateBudgets(budgets), ADMIN);
          expect(aiBudgetsSchema.parse(result)).toMatchObject(budgets);
        });
    });

    it('publishes the first version of the AI-use notice', async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.UPDATE_NOTICE} publishing the first version`)
        .given(DEFAULT_SETTINGS_STATE)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent(DEFAULT_AI_NOTICE))
        .withResponse((response) =>
          response.withJSONContent({ response: { version: 1, ...DEFAULT_AI_NOTICE, updatedBy: ADMIN.id, updatedAt: timestamp() } }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.publishNotice(DEFAULT_AI_NOTICE), ADMIN);
          expect(aiNoticeSchema.parse(result)).toMatchObject({ version: 1, textAr: DEFAULT_AI_NOTICE.textAr });
        });
    });

    const allFeaturesOn = Matchers.eachLike(Matchers.regex(FEATURE, 'skill-extraction'), AI_FEATURES.length);
    const noBudget = { monthlyTokens: null, usedTokens: Matchers.integer(0), resetsAt: timestamp() };
    const publishedNotice = {
      version: 1,
      textEn: Matchers.string(DEFAULT_AI_NOTICE.textEn),
      textAr: Matchers.string(DEFAULT_AI_NOTICE.textAr),
      updatedBy: Matchers.uuid(ADMIN.id),
      updatedAt: timestamp(),
    };

    it("answers a learner's status: nothing to accept while no notice is published", async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.MY_STATUS} of a learner without a notice`)
        .given(DEFAULT_SETTINGS_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) =>
          response.withJSONContent({
            response: { notice: null, noticeRequired: false, acceptedVersion: null, acceptedAt: null, enabledFeatures: allFeaturesOn, budget: noBudget },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.myStatus(), LEARNER);
          expect(aiUseStatusSchema.parse(result)).toMatchObject({ notice: null, noticeRequired: false });
        });
    });

    it("answers a learner's status: the published notice, to be accepted", async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.MY_STATUS} of a learner who has not accepted the notice`)
        .given(PUBLISHED_NOTICE_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withContent('application/json', EMPTY_JSON_OBJECT))
        .withResponse((response) =>
          response.withJSONContent({
            response: { notice: publishedNotice, noticeRequired: true, acceptedVersion: null, acceptedAt: null, enabledFeatures: allFeaturesOn, budget: noBudget },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.myStatus(), LEARNER);
          expect(aiUseStatusSchema.parse(result)).toMatchObject({ noticeRequired: true, notice: { version: 1 } });
        });
    });

    it('records a learner accepting the notice in force', async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE} of the current version`)
        .given(PUBLISHED_NOTICE_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withJSONContent({ version: 1 }))
        .withResponse((response) =>
          response.withJSONContent({
            response: { notice: publishedNotice, noticeRequired: false, acceptedVersion: 1, acceptedAt: timestamp(), enabledFeatures: allFeaturesOn, budget: noBudget },
          }),
        )
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.acceptNotice({ version: 1 }), LEARNER);
          expect(aiUseStatusSchema.parse(result)).toMatchObject({ noticeRequired: false, acceptedVersion: 1 });
        });
    });

    it('passes on the 409 for accepting a version that is not the one in force', async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE} of a version that is not current`)
        .given(PUBLISHED_NOTICE_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withJSONContent({ version: 2 }))
        .withResponse((response) => response.withJSONContent({ err: { statusCode: 409, message: AI_NOTICE_OUTDATED_MESSAGE } }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAi(message, (ai) => ai.acceptNotice({ version: 2 }), LEARNER);
          expect((error as HttpException).getResponse()).toEqual({ statusCode: 409, message: AI_NOTICE_OUTDATED_MESSAGE });
        });
    });

    it('is told a learner may start skill extraction', async () => {
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.ADMIT} a learner to skill extraction`)
        .given(DEFAULT_SETTINGS_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withJSONContent({ feature: 'skill-extraction' }))
        .withResponse((response) => response.withJSONContent({ response: { feature: 'skill-extraction', admitted: true } }))
        .executeTest(async (message) => {
          const { result } = await replayAgainstAi(message, (ai) => ai.admit('skill-extraction'), LEARNER);
          expect(result).toEqual({ feature: 'skill-extraction', admitted: true });
        });
    });

    it('is refused lesson writing with 403 while an admin has it turned off', async () => {
      const refusal = { statusCode: 403, message: aiFeatureOffMessage('lesson-writing') };
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.ADMIT} an admin to lesson writing while it is off`)
        .given(LESSON_WRITING_OFF_STATE)
        .given(...callerState(ADMIN))
        .withRequest((builder) => builder.withJSONContent({ feature: 'lesson-writing' }))
        .withResponse((response) => response.withJSONContent({ err: refusal }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAi(message, (ai) => ai.admit('lesson-writing'), ADMIN);
          expect((error as HttpException).getResponse()).toEqual(refusal);
        });
    });

    it('is refused with 428 for a learner who has not accepted the notice in force', async () => {
      const refusal = { statusCode: AI_NOTICE_NOT_ACCEPTED_STATUS, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE };
      await pact
        .addSynchronousInteraction(`${AI_GOVERNANCE_SUBJECTS.ADMIT} a learner who has not accepted the notice`)
        .given(PUBLISHED_NOTICE_STATE)
        .given(...callerState(LEARNER))
        .withRequest((builder) => builder.withJSONContent({ feature: 'skill-extraction' }))
        .withResponse((response) => response.withJSONContent({ err: refusal }))
        .executeTest(async (message) => {
          const { error } = await replayAgainstAi(message, (ai) => ai.admit('skill-extraction'), LEARNER);
          expect((error as HttpException).getResponse()).toEqual(refusal);
        });
    });
  });
});
