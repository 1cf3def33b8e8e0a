import { connectToNatsAs, createFreshDatabase, FreshDatabase } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { bootstrap } from '../../src/main';
import { FakeOpenAiServer } from './fake-openai-server';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** svc-ai booted on a fresh database against a fake OpenAI-compatible model, asked by the gateway's NATS user. */
export interface AiWithFakeModel {
  database: FreshDatabase;
  app: INestMicroservice;
  nats: NatsConnection;
}

/** Starts `model`, then svc-ai configured to use it (no retries unless `environment` says otherwise). */
export async function startAiWithFakeModel(model: FakeOpenAiServer, databaseName: string, environment: Record<string, string> = {}): Promise<AiWithFakeModel> {
  await model.start();
  const database = await createFreshDatabase(databaseName);
  const app = await bootstrap({
    DATABASE_URL: database.url,
    NATS_URL,
    LOG_LEVEL: 'silent',
    OPENAI_API_KEY: 'sk-fake',
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_MODEL: 'fake-model',
    OPENAI_MAX_RETRIES: '0',
    ...environment,
  });
  const nats = await connectToNatsAs('gateway');
  return { database, app, nats };
}

/** Stops what startAiWithFakeModel started, whatever part of it did start. */
export async function stopAiWithFakeModel(ai: Partial<AiWithFakeModel> | undefined, model: FakeOpenAiServer): Promise<void> {
  await ai?.nats?.drain();
  await ai?.app?.close();
  await ai?.database?.drop();
  await model.stop();
}
