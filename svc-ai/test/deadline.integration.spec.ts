import { AI_SUBJECTS, DEADLINE_HEADER, formatDeadline } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { headers, JSONCodec, NatsConnection } from 'nats';
import { bootstrap } from '../src/main';
import { MODEL_NOT_ASKED_MESSAGE } from '../src/providers/openai/openai-chat';
import { FakeOpenAiServer } from './support/fake-openai-server';
import { connectToNatsAs, createFreshDatabase, FreshDatabase } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const codec = JSONCodec();
const POSTING = 'Requirements:\n- Experience with Kubernetes (K8s) and Docker.';

/**
 * svc-ai with its default model settings (30 s a try, 3 tries: 90 s), a model that never answers,
 * and callers that will wait only a few seconds: it spends only the time the caller has left.
 */
describe('svc-ai spends only the time its caller has left', () => {
  const model = new FakeOpenAiServer();
  let app: INestMicroservice;
  let database: FreshDatabase;
  let nats: NatsConnection;

  async function extractWithDeadline(deadline: number): Promise<{ err?: unknown; ms: number }> {
    const requestHeaders = headers();
    requestHeaders.set(DEADLINE_HEADER, formatDeadline(deadline));
    const started = performance.now();
    const message = await nats.request(
      AI_SUBJECTS.EXTRACT_SKILLS,
      codec.encode({ id: randomUUID(), pattern: AI_SUBJECTS.EXTRACT_SKILLS, data: { text: POSTING, language: 'en' } }),
      { timeout: 10_000, headers: requestHeaders },
    );
    const reply = codec.decode(message.data) as { err?: unknown };
    return { err: reply.err, ms: performance.now() - started };
  }

  beforeAll(async () => {
    await model.start();
    model.answerWith(() => 'hang');
    database = await createFreshDatabase('ai');
    app = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent', OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'fake-model' });
    nats = await connectToNatsAs('gateway');
  });

  afterAll(async () => {
    await nats?.drain();
    await app?.close();
    await database?.drop();
    await model.stop();
  });

  beforeEach(() => model.reset());

  it('gives up before the deadline with the reason, after one try instead of three 30 s ones', async () => {
    const { err, ms } = await extractWithDeadline(Date.now() + 3600);
    expect(err).toEqual({ statusCode: 503, message: 'The AI model did not answer within 3 s' });
    // The margin is kept for the answer's way back: it arrives before the caller stops waiting.
    expect(ms).toBeGreaterThan(2900);
    expect(ms).toBeLessThan(3500);
    expect(model.requests).toHaveLength(1);
  });

  it('does not ask the model at all when no time is left', async () => {
    const { err, ms } = await extractWithDeadline(Date.now() + 200);
    expect(err).toEqual({ statusCode: 503, message: MODEL_NOT_ASKED_MESSAGE });
    expect(ms).toBeLessThan(500);
    expect(model.requests).toHaveLength(0);
  });
});
