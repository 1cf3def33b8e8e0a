// A small service built from the kit, on the real NATS: what every Masar service gets by declaring
// itself with serviceBootstrap (request ids carried into what a handler causes, one log line per
// message, ErrorReply on every failure, health on `<service>.health`). Its subjects are under `ai.`:
// it signs in as svc-ai, which may listen on nothing else.
import type { ServiceHealthReply } from '../health/health';
import { Controller, Injectable, type INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { z } from 'zod';
import { currentRequestId } from './request-context';
import { rpcError } from './rpc-error';
import { serviceBootstrap } from './service-bootstrap';
import { serviceConfigOf, serviceEnvironmentSchema, parseServiceEnvironment } from './service-config';
import { healthReply } from './service-health.module';
import { connectToNatsAs, LogCapture, requestOverNats } from './testing';
import { ZodPayloadPipe } from './zod-payload.pipe';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const KIT_CONFIG = Symbol('KIT_CONFIG');

/** Something a handler awaits before it asks the next service, as real handlers do. */
async function laterRequestId(): Promise<string | undefined> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return currentRequestId();
}

@Controller()
class EchoHandlers {
  @MessagePattern('ai.kit-test.request-id')
  async requestId(): Promise<{ requestId: string | undefined }> {
    return { requestId: await laterRequestId() };
  }

  @MessagePattern('ai.kit-test.sum')
  sum(@Payload(new ZodPayloadPipe(z.object({ a: z.number(), b: z.number() }))) payload: { a: number; b: number }): number {
    return payload.a + payload.b;
  }

  @MessagePattern('ai.kit-test.missing')
  missing(): never {
    throw rpcError(404, 'Nothing here');
  }

  @MessagePattern('ai.kit-test.broken')
  broken(): never {
    throw new Error('relation "kit.things" does not exist');
  }
}

@Injectable()
class AlwaysUp {
  async check(): Promise<ServiceHealthReply> {
    return healthReply('ai', { provider: 'up' });
  }
}

@Module({ controllers: [EchoHandlers] })
class EchoModule {}

const bootstrap = serviceBootstrap({
  service: 'ai',
  loadConfig: (env) => serviceConfigOf(parseServiceEnvironment('svc-ai', serviceEnvironmentSchema, env)),
  configToken: KIT_CONFIG,
  modules: () => [EchoModule],
  health: { check: AlwaysUp },
});

describe('a service built from the kit', () => {
  const logs = new LogCapture();
  let app: INestMicroservice;
  let nats: NatsConnection;

  beforeAll(async () => {
    app = await bootstrap({ NATS_URL, LOG_LEVEL: 'info' }, logs);
    nats = await connectToNatsAs('gateway');
  });

  afterAll(async () => {
    await nats?.close();
    await app?.close();
  });

  it('refuses a bad NATS_URL before it connects to anything', async () => {
    await expect(bootstrap({ NATS_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' })).rejects.toThrow(
      /^svc-ai configuration is invalid: NATS_URL: Must be a nats:\/\/ or tls:\/\/ URL$/,
    );
  });

  it('carries the request id of the message into what its handler does, message by message', async () => {
    const replies = await Promise.all(
      ['kit-a', 'kit-b', 'kit-c'].map((requestId) => requestOverNats(nats, 'ai.kit-test.request-id', {}, requestId)),
    );
    expect(replies).toEqual([
      { response: { requestId: 'kit-a' } },
      { response: { requestId: 'kit-b' } },
      { response: { requestId: 'kit-c' } },
    ]);
  });

  it('answers bad input with a 400 naming the field, and a refusal with its own status', async () => {
    expect(await requestOverNats(nats, 'ai.kit-test.sum', { a: 1, b: 2 })).toEqual({ response: 3 });
    const bad = await requestOverNats(nats, 'ai.kit-test.sum', { a: 1, b: 'two' }, 'kit-bad');
    expect(bad.err).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^b: /) });
    expect(await requestOverNats(nats, 'ai.kit-test.missing', {})).toEqual({ err: { statusCode: 404, message: 'Nothing here' } });
  });

  it('hides an unexpected failure behind a 500 ErrorReply, and logs what it was', async () => {
    expect(await requestOverNats(nats, 'ai.kit-test.broken', {}, 'kit-broken')).toEqual({
      err: { statusCode: 500, message: 'The AI service failed to handle the request' },
    });
    expect(logs.lines.find((line) => line.requestId === 'kit-broken')).toMatchObject({
      service: 'svc-ai',
      subject: 'ai.kit-test.broken',
      level: 50,
      outcome: 'error',
      statusCode: 500,
      err: expect.objectContaining({ message: 'relation "kit.things" does not exist' }),
    });
  });

  it('logs one structured line per handled message', () => {
    expect(logs.lines.filter((line) => line.requestId === 'kit-a')).toEqual([
      expect.objectContaining({ service: 'svc-ai', subject: 'ai.kit-test.request-id', outcome: 'ok', durationMs: expect.any(Number) }),
    ]);
    expect(logs.lines.filter((line) => line.requestId === 'kit-bad')).toEqual([
      expect.objectContaining({ subject: 'ai.kit-test.sum', outcome: 'error', statusCode: 400, level: 30 }),
    ]);
  });

  it('opens no probe port unless PROBE_PORT asks for one', () => {
    expect(logs.lines.find((line) => line.msg === 'svc-ai is listening')?.probePort).toBeUndefined();
  });

  it('answers /livez and /readyz on PROBE_PORT once it listens, and closes them with the app', async () => {
    const probeLogs = new LogCapture();
    const probed = await bootstrap({ NATS_URL, LOG_LEVEL: 'info', PROBE_PORT: '0' }, probeLogs);
    const port = probeLogs.lines.find((line) => line.msg === 'svc-ai is listening')?.probePort;
    expect(port).toEqual(expect.any(Number));
    try {
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'up', nats: 'up' } });
    } finally {
      await probed.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/livez`)).rejects.toThrow();
  });

  it('answers its health subject with its own check', async () => {
    const reply = await requestOverNats(nats, 'ai.health', {});
    expect(reply.response).toMatchObject({ service: 'ai', status: 'up', checks: { provider: 'up' } });
  });
});
