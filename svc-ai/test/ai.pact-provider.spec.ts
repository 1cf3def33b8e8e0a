import { AI_GOVERNANCE_SUBJECTS, AI_SUBJECTS, Caller, callerSchema, DEFAULT_AI_NOTICE, EXERCISE_ATTACHMENTS_BUCKET } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { MessageDescriptor, Verifier } from '@pact-foundation/pact';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NatsConnection } from 'nats';
import { bootstrap } from '../src/main';
import {
  CALLER_PROVIDER_STATE,
  callerNamedIn,
  connectToNatsAs,
  createFreshDatabase,
  FreshDatabase,
  natsUserOfProcess,
  requestOverNats,
  recordPactVerification,
} from '@masar/contracts/service-kit/testing';
import { DataSource } from 'typeorm';
import { BUILT_IN_PROMPTS } from '../src/prompts/built-in-prompts';
import { aiCallRow, insertAiCalls } from './support/ai-call.factory';
import { chatCompletion, embeddingsAnswer, FakeOpenAiServer, RecordedRequest } from './support/fake-openai-server';
import { z } from 'zod';
import { ONE_PIXEL_PNG } from './support/sample-images';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PACTS_DIRECTORY = path.resolve(__dirname, '../../contracts/pacts');
const PROVIDER = 'svc-ai';

interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: { description: string; providerStates?: { name: string }[] }[];
}

/** Every pact in contracts/pacts whose provider is svc-ai, whoever the consumer. */
function svcAiPacts(): Array<{ file: string; pact: PactFile }> {
  return readdirSync(PACTS_DIRECTORY)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(PACTS_DIRECTORY, name))
    .map((file) => ({ file, pact: JSON.parse(readFileSync(file, 'utf8')) as PactFile }))
    .filter(({ pact }) => pact.provider?.name === PROVIDER);
}

const KNOWN_SUBJECTS: readonly string[] = [...Object.values(AI_SUBJECTS), ...Object.values(AI_GOVERNANCE_SUBJECTS)];

/**
 * The logged calls are written before the verifier names the caller (states are set up one by one), so
 * the caller's own call is written for this stand-in id and handed to the caller when the message is sent.
 */
const NAMED_CALLER_STAND_IN = '00000000-0000-4000-8000-00000000ca11';
const SOMEONE_ELSE = '3c9d2e4f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const NOTICE_PUBLISHER = '8e7d6c5b-4a39-4281-9f0e-d1c2b3a4f5e6';

/** The claim the fake model behind the quality review finds wrong wherever a lesson makes it (svc-courses' pact). */
const CLAIM_THE_MODEL_FINDS_WRONG = 'Hard hats are optional on a building site.';

/**
 * The fake OpenAI-compatible model's answer to a fact-check of one lesson. It is there for the quality
 * review; asked for an Arabic narration's vowel marks (anything without a lesson), it is unavailable,
 * so the offline voice reads the text as written, as the consumers' "offline" narrations expect.
 */
function factCheckAnswer(request: RecordedRequest) {
  // Search's embeddings: deterministic concept vectors (only where a state turns search's AI to the model).
  if (request.path.endsWith('/embeddings')) return embeddingsAnswer(request);
  const { messages } = request.body as { messages: Array<{ content: string }> };
  const { lesson } = JSON.parse(messages[1].content) as { lesson?: { content: string } };
  if (lesson === undefined) return { status: 503, body: { error: { message: 'only fact-checks are answered here' } } };
  const findings = lesson.content.includes(CLAIM_THE_MODEL_FINDS_WRONG)
    ? [{ claim: CLAIM_THE_MODEL_FINDS_WRONG, problem: 'Hard hats are required on a building site.', severity: 'critical' }]
    : [];
  return chatCompletion(JSON.stringify({ findings }));
}

/** Every governance table back to nothing: all features on, no budgets, no notice, an empty log. */
async function resetGovernance(dataSource: DataSource): Promise<void> {
  await dataSource.query(
    'TRUNCATE ai.ai_calls, ai.ai_feature_settings, ai.ai_budget_settings, ai.ai_budget_overrides, ai.ai_notices, ai.ai_notice_acceptances',
  );
}

/** Gives the calls logged for the stand-in to the caller the message names (see NAMED_CALLER_STAND_IN). */
async function handCallsTo(dataSource: DataSource, caller: Caller | undefined): Promise<void> {
  if (caller) {
    await dataSource.query('UPDATE ai.ai_calls SET user_id = $1, user_role = $2 WHERE user_id = $3', [caller.id, caller.role, NAMED_CALLER_STAND_IN]);
  }
}

/** Each description starts with the subject it is sent on, e.g. "ai.skills.extract for an English posting". */
function subjectOf(description: string): string {
  const subject = description.split(' ')[0];
  if (!KNOWN_SUBJECTS.includes(subject)) {
    throw new Error(`"${description}" does not start with an ai subject`);
  }
  return subject;
}

/**
 * The service under verification is booted with the default configuration: the offline provider.
 * Consumers name that state in their own words; each name maps to that one setup. The prompt and
 * governance states write svc-ai's own tables, on the database the service was booted with; after
 * each message the governance tables are emptied again (the defaults).
 */
function stateHandlersFor(dataSource: () => DataSource): Record<string, (params?: unknown) => Promise<undefined>> {
  return {
    'the offline provider is configured': async () => undefined,
    'the offline skill extractor is configured': async () => undefined,
    // A one-pixel PNG under the consumer's key, as a generated illustration would be stored.
    'a lesson illustration is stored under a known key': async (params) => {
      const { key } = z.object({ key: z.string() }).parse(params);
      await dataSource().query(
        `INSERT INTO ai.illustrations (key, png, width, height, provider, model) VALUES ($1, $2, 1, 1, 'offline', 'built-in') ON CONFLICT (key) DO NOTHING`,
        [key, Buffer.from(ONE_PIXEL_PNG, 'base64')],
      );
      return undefined;
    },
    // The caller goes in the header (see the message providers below); here it only has to be one.
    [CALLER_PROVIDER_STATE]: async (params) => {
      callerSchema.parse(params);
      return undefined;
    },
    // The built-in template of that name, as the seeder stores it (version 1), under the consumer's id.
    // Nothing changed: every feature on (offline, the provider svc-ai was booted with), no budgets, no notice.
    'svc-ai has its default AI settings': async () => {
      await resetGovernance(dataSource());
      return undefined;
    },
    // Two calls this month: a succeeded offline skill extraction by the caller the message names, and a
    // refused lesson-writing call by someone else.
    'svc-ai has logged AI calls': async () => {
      await dataSource().query('TRUNCATE ai.ai_calls');
      await insertAiCalls(dataSource(), [
        aiCallRow({ userId: NAMED_CALLER_STAND_IN, userRole: 'learner', inputCharacters: 120, outputCharacters: 60, latencyMs: 12, requestId: 'pact-call-1' }),
        aiCallRow({
          userId: SOMEONE_ELSE,
          userRole: 'learner',
          feature: 'lesson-writing',
          outcome: 'refused',
          statusCode: 403,
          error: 'Lesson writing with AI is turned off by your administrator',
          outputCharacters: 0,
          requestId: 'pact-call-2',
        }),
      ]);
      return undefined;
    },
    // Version 1 of the default notice, published by an admin; nobody has accepted it.
    'svc-ai has a published AI-use notice': async () => {
      await dataSource().query('TRUNCATE ai.ai_notices, ai.ai_notice_acceptances');
      await dataSource().query('INSERT INTO ai.ai_notices (version, text_en, text_ar, updated_by) VALUES (1, $1, $2, $3)', [
        DEFAULT_AI_NOTICE.textEn,
        DEFAULT_AI_NOTICE.textAr,
        NOTICE_PUBLISHER,
      ]);
      return undefined;
    },
    // svc-ai is booted with a fake model configured, but every feature stays offline unless a state says so.
    'an OpenAI-compatible model reviews lessons for the quality review': async () => {
      await dataSource().query(
        `INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('quality-review', true, 'openai')
         ON CONFLICT (feature) DO UPDATE SET enabled = true, provider = 'openai'`,
      );
      return undefined;
    },
    // Search's AI (its answer and embeddings) set to the fake model, which answers /v1/embeddings.
    'an OpenAI-compatible endpoint embeds search texts': async () => {
      await dataSource().query(
        `INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('search-answer', true, 'openai')
         ON CONFLICT (feature) DO UPDATE SET enabled = true, provider = 'openai'`,
      );
      return undefined;
    },
    'lesson writing is turned off': async () => {
      await dataSource().query(
        `INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('lesson-writing', false, 'offline')
         ON CONFLICT (feature) DO UPDATE SET enabled = false`,
      );
      return undefined;
    },
    // svc-ai is booted with OPENAI_VISION: exercise feedback set to the fake model reads attached pictures.
    'a model that reads images gives exercise feedback, and the attachments bucket holds a file under a known key': async (params) => {
      const { key, content } = z.object({ key: z.string(), content: z.string() }).parse(params);
      await dataSource().query(
        `INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('exercise-feedback', true, 'openai')
         ON CONFLICT (feature) DO UPDATE SET enabled = true, provider = 'openai'`,
      );
      const gateway = await connectToNatsAs('gateway');
      try {
        await (await gateway.jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET)).putBlob({ name: key }, Buffer.from(content));
      } finally {
        await gateway.drain();
      }
      return undefined;
    },
    'exercise feedback is turned off': async () => {
      await dataSource().query(
        `INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('exercise-feedback', false, 'offline')
         ON CONFLICT (feature) DO UPDATE SET enabled = false`,
      );
      return undefined;
    },
    'learning helpers are turned off': async () => {
      await dataSource().query(
        `INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('learning-helpers', false, 'offline')
         ON CONFLICT (feature) DO UPDATE SET enabled = false`,
      );
      return undefined;
    },
    'a built-in prompt template exists with a known id': async (params) => {
      const { id, name } = params as { id: string; name: string };
      const builtIn = BUILT_IN_PROMPTS.find((prompt) => prompt.name === name);
      if (!builtIn) throw new Error(`No built-in prompt template is named ${name}`);
      await dataSource().transaction(async (manager) => {
        await manager.query('DELETE FROM ai.prompt_templates WHERE id = $1 OR name = $2', [id, name]);
        await manager.query(
          `INSERT INTO ai.prompt_templates (id, name, category, model, temperature, max_tokens, description, prompt, parameters)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [id, name, builtIn.category, builtIn.model, builtIn.temperature, builtIn.maxTokens, builtIn.description, builtIn.prompt, builtIn.parameters],
        );
        await manager.query(
          `INSERT INTO ai.prompt_template_versions (template_id, version, model, temperature, max_tokens, description, prompt)
           VALUES ($1, 1, $2, $3, $4, $5, $6)`,
          [id, builtIn.model, builtIn.temperature, builtIn.maxTokens, builtIn.description, builtIn.prompt],
        );
      });
      return undefined;
    },
  };
}

/**
 * Verifies every consumer's expectations of svc-ai: each recorded message is sent to the real
 * service answering on the real NATS, and its real reply packet is compared with the recorded one.
 * It fails when no pact names svc-ai as provider, so a missing contract cannot pass unnoticed.
 */
describe('svc-ai honours its consumers’ contracts', () => {
  const pacts = svcAiPacts();
  let service: INestMicroservice;
  const stateHandlers = stateHandlersFor(() => service.get(DataSource));
  let database: FreshDatabase;
  const consumerConnections: NatsConnection[] = [];
  const model = new FakeOpenAiServer();

  beforeAll(async () => {
    await model.start();
    model.answerWith(factCheckAnswer);
    database = await createFreshDatabase('ai_pact');
    // Offline by default (every feature's provider); the fake model answers only where a state sets a feature to it.
    service = await bootstrap({
      DATABASE_URL: database.url,
      NATS_URL,
      LOG_LEVEL: 'silent',
      AI_PROVIDER: 'offline',
      OPENAI_API_KEY: 'sk-fake',
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_MODEL: 'gpt-4o-mini',
      OPENAI_VISION: 'true',
      OPENAI_MAX_RETRIES: '0',
    });
  });

  afterAll(async () => {
    await Promise.all(consumerConnections.map((connection) => connection.drain()));
    await service?.close();
    await database?.drop();
    await model.stop();
  });

  it('finds the pacts of every consumer of svc-ai: the gateway, svc-jobs and svc-courses', () => {
    expect(pacts.map(({ pact }) => pact.consumer.name).sort()).toEqual(expect.arrayContaining(['svc-courses', 'svc-gateway', 'svc-jobs']));
  });

  it('has a handler for every provider state the consumers use', () => {
    const states = pacts.flatMap(({ pact }) => pact.interactions.flatMap((interaction) => interaction.providerStates ?? []));
    expect(states.map((state) => state.name).filter((name) => !(name in stateHandlers))).toEqual([]);
  });

  it('answers every recorded message as each consumer expects', async () => {
    expect(pacts.length).toBeGreaterThan(0);
    for (const { file, pact } of pacts) {
      // Each consumer's messages go out signed in as that consumer, with only its NATS rights.
      const nats = await connectToNatsAs(natsUserOfProcess(pact.consumer.name));
      consumerConnections.push(nats);
      const messageProviders = Object.fromEntries(
        pact.interactions.map(({ description }) => [
          description,
          async (message: MessageDescriptor) => {
            const caller = callerNamedIn(message.providerStates);
            const dataSource = service.get(DataSource);
            await handCallsTo(dataSource, caller);
            try {
              const reply = await requestOverNats(nats, subjectOf(description), message.content, undefined, caller);
              return reply.err !== undefined ? { err: reply.err } : { response: reply.response };
            } finally {
              // The next message finds the defaults unless its own states say otherwise.
              await resetGovernance(dataSource);
            }
          },
        ]),
      );
      await new Verifier({ provider: PROVIDER, pactUrls: [file], messageProviders, stateHandlers, logLevel: 'warn' }).verifyProvider();
      // Passed: this version of svc-ai honours this pact (what can-i-deploy reads).
      recordPactVerification({ provider: PROVIDER, pactFiles: [file] });
    }
  });
});
