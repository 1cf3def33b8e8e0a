import { AI_SUBJECTS, callerSchema } from '@masar/contracts';
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
} from '@masar/contracts/service-kit/testing';
import { DataSource } from 'typeorm';
import { BUILT_IN_PROMPTS } from '../src/prompts/built-in-prompts';

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

const KNOWN_SUBJECTS: readonly string[] = Object.values(AI_SUBJECTS);

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
 * Consumers name that state in their own words; each name maps to that one setup. The prompt states
 * write svc-ai's own tables, on the database the service was booted with.
 */
function stateHandlersFor(dataSource: () => DataSource): Record<string, (params?: unknown) => Promise<undefined>> {
  return {
    'the offline provider is configured': async () => undefined,
    'the offline skill extractor is configured': async () => undefined,
    // The caller goes in the header (see the message providers below); here it only has to be one.
    [CALLER_PROVIDER_STATE]: async (params) => {
      callerSchema.parse(params);
      return undefined;
    },
    // The built-in template of that name, as the seeder stores it (version 1), under the consumer's id.
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

  beforeAll(async () => {
    database = await createFreshDatabase('ai_pact');
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent', AI_PROVIDER: 'offline' });
  });

  afterAll(async () => {
    await Promise.all(consumerConnections.map((connection) => connection.drain()));
    await service?.close();
    await database?.drop();
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
            const reply = await requestOverNats(nats, subjectOf(description), message.content, undefined, callerNamedIn(message.providerStates));
            return reply.err !== undefined ? { err: reply.err } : { response: reply.response };
          },
        ]),
      );
      await new Verifier({ provider: PROVIDER, pactUrls: [file], messageProviders, stateHandlers, logLevel: 'warn' }).verifyProvider();
    }
  });
});
