import {
  AI_SUBJECTS,
  type Caller,
  type DescribeImageRequest,
  extractSkillsReplySchema,
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
});
