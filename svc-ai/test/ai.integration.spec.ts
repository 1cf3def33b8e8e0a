import { aiHealthReplySchema, healthSubjectOf } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { bootstrap } from '../src/main';
import { LogCapture } from './support/log-capture';
import { requestOverNats } from './support/nats-requester';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('svc-ai on real NATS', () => {
  const logs = new LogCapture();
  let app: INestMicroservice;
  let nats: NatsConnection;

  beforeAll(async () => {
    app = await bootstrap({ NATS_URL, LOG_LEVEL: 'info', AI_PROVIDER: 'openai' }, logs);
    nats = await connect({ servers: NATS_URL });
  });

  afterAll(async () => {
    await nats?.drain();
    await app?.close();
  });

  it('answers its health subject, reporting the configured provider', async () => {
    const reply = await requestOverNats(nats, healthSubjectOf('ai'), {}, 'it-ai-health');
    const health = aiHealthReplySchema.parse(reply.response);
    expect(health).toMatchObject({ service: 'ai', status: 'up', checks: { provider: 'up' }, provider: 'openai' });
  });

  it('logs one structured line per handled message, carrying the request id from the headers', () => {
    expect(logs.lines.filter((line) => line.requestId === 'it-ai-health')).toEqual([
      expect.objectContaining({
        service: 'svc-ai',
        subject: 'ai.health',
        outcome: 'ok',
        durationMs: expect.any(Number),
      }),
    ]);
  });
});
