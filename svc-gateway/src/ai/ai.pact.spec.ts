import { AI_SUBJECTS, type DescribeImageRequest, extractSkillsReplySchema, IMAGE_ANALYSIS_OFFLINE_MESSAGE, SKILL_CATEGORIES } from '@masar/contracts';
import { HttpException } from '@nestjs/common';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { replayAgainstGateway, SynchronousMessage } from '../../test/support/recorded-reply-transport';
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

function replayAgainstAi<T>(message: SynchronousMessage, call: (ai: AiClient) => Promise<T>) {
  return replayAgainstGateway(message, (services, config) => new AiClient(services, config), call);
}

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
});
