import {
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_SUBJECTS,
  aiBudgetExceededMessage,
  aiFeatureOffMessage,
  aiProviderNotConfiguredMessage,
  CALLER_HEADER,
  composeLessonsReplySchema,
  DEADLINE_HEADER,
  DEADLINE_MARGIN_MS,
  decodeCaller,
  parseDeadline,
  REQUEST_ID_HEADER,
} from '@masar/contracts';
import { runWithDeadline } from '@masar/contracts/service-kit';
import { ClientProxy, NatsRecord, ReadPacket, RpcException, WritePacket } from '@nestjs/microservices';
import pino from 'pino';
import { TimeoutError } from 'rxjs';
import { AI_SERVICE_MISUNDERSTOOD, AI_SERVICE_OUT_OF_TIME, AI_SERVICE_UNAVAILABLE, type AiCallOptions, svcAiFailure, SvcAiRefusal, SvcAiRequester } from './svc-ai.requester';

/** Masar's own work: the call names nobody. */
const NOBODY: AiCallOptions = { caller: null };

function replyOf(error: unknown) {
  const failure = svcAiFailure(error);
  expect(failure).toBeInstanceOf(RpcException);
  return failure.getError();
}

/** A NATS client that answers with a fixed reply packet, or never. */
class ScriptedTransport extends ClientProxy {
  readonly sent: ReadPacket[] = [];

  constructor(private readonly replyPacket?: WritePacket) {
    super();
  }

  async connect(): Promise<void> {}
  async close(): Promise<void> {}
  unwrap<T>(): T {
    throw new Error('no connection');
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    this.sent.push(packet);
    if (this.replyPacket) callback({ ...this.replyPacket, isDisposed: true });
    return () => undefined;
  }

  protected async dispatchEvent(): Promise<never> {
    throw new Error('no events');
  }
}

const requesterOver = (transport: ClientProxy) => new SvcAiRequester(transport, { aiRequestTimeoutMs: 50 }, pino({ level: 'silent' }));

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RpcException);
  return (error as RpcException).getError();
}

describe('svcAiFailure', () => {
  it('passes svc-ai’s own ErrorReply through with its status', () => {
    expect(replyOf({ statusCode: 503, message: 'The AI model is unavailable: it could not be reached' })).toEqual({
      statusCode: 503,
      message: 'The AI model is unavailable: it could not be reached',
    });
    expect(replyOf({ statusCode: 400, message: 'lessons: Too small' })).toEqual({ statusCode: 400, message: 'lessons: Too small' });
  });

  it('marks AI governance’s refusals as refusals, keeping their status and message', () => {
    const refusals = [
      { statusCode: 403, message: aiFeatureOffMessage('lesson-writing') },
      { statusCode: 428, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE },
      { statusCode: 429, message: aiBudgetExceededMessage(10_000, new Date('2026-12-01T00:00:00Z')) },
      { statusCode: 503, message: aiProviderNotConfiguredMessage('skill-extraction') },
    ];
    for (const refusal of refusals) {
      const failure = svcAiFailure(refusal);
      expect(failure).toBeInstanceOf(SvcAiRefusal);
      expect(failure.getError()).toEqual(refusal);
    }
    // The model failing is not a refusal: svc-ai tried.
    expect(svcAiFailure({ statusCode: 503, message: 'The AI model is unavailable: it could not be reached' })).not.toBeInstanceOf(SvcAiRefusal);
    expect(svcAiFailure({ statusCode: 400, message: 'lessons: Too small' })).not.toBeInstanceOf(SvcAiRefusal);
  });

  it('turns a crash inside svc-ai into a 502 and silence into a 503', () => {
    expect(replyOf({ status: 'error', message: 'Internal server error' })).toEqual({
      statusCode: 502,
      message: 'The AI service failed to handle the request',
    });
    expect(replyOf(new TimeoutError())).toEqual({ statusCode: 503, message: AI_SERVICE_UNAVAILABLE });
    expect(replyOf(new Error('503'))).toEqual({ statusCode: 503, message: AI_SERVICE_UNAVAILABLE });
  });
});

describe('SvcAiRequester', () => {
  it('sends the payload with a request id header, generating one when the caller has none', async () => {
    const transport = new ScriptedTransport({ response: { provider: 'offline', model: 'built-in', lessons: [] } });
    await requesterOver(transport).request(AI_SUBJECTS.COMPOSE_LESSONS, { any: 'payload' }, composeLessonsReplySchema, NOBODY);
    const record = transport.sent[0].data as NatsRecord;
    expect(transport.sent[0].pattern).toBe(AI_SUBJECTS.COMPOSE_LESSONS);
    expect(record.data).toEqual({ any: 'payload' });
    expect(record.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the person the work is for in x-masar-caller, and nobody for Masar’s own work', async () => {
    const forLearner = new ScriptedTransport({ response: { provider: 'offline', model: 'built-in', lessons: [] } });
    const learner = { id: '6b1f3c2a-9d4e-4f5a-8b6c-7d8e9f0a1b2c', role: 'learner' as const };
    await requesterOver(forLearner).request(AI_SUBJECTS.COMPOSE_LESSONS, {}, composeLessonsReplySchema, { caller: learner });
    expect(decodeCaller((forLearner.sent[0].data as NatsRecord).headers.get(CALLER_HEADER))).toEqual(learner);

    const forMasar = new ScriptedTransport({ response: { provider: 'offline', model: 'built-in', lessons: [] } });
    await requesterOver(forMasar).request(AI_SUBJECTS.COMPOSE_LESSONS, {}, composeLessonsReplySchema, NOBODY);
    expect((forMasar.sent[0].data as NatsRecord).headers.has(CALLER_HEADER)).toBe(false);
  });

  it('answers 503 "The AI service is unavailable" when svc-ai stays silent past the timeout', async () => {
    const failure = await failureOf(requesterOver(new ScriptedTransport()).request(AI_SUBJECTS.COMPOSE_LESSONS, {}, composeLessonsReplySchema, NOBODY));
    expect(failure).toEqual({ statusCode: 503, message: AI_SERVICE_UNAVAILABLE });
  });

  it('answers 502 when svc-ai’s reply breaks the contract', async () => {
    const transport = new ScriptedTransport({ response: { lessons: 'none' } });
    const failure = await failureOf(requesterOver(transport).request(AI_SUBJECTS.COMPOSE_LESSONS, {}, composeLessonsReplySchema, NOBODY));
    expect(failure).toEqual({ statusCode: 502, message: AI_SERVICE_MISUNDERSTOOD });
  });

  it('gives svc-ai its own limit as the deadline when the request being served has none (a queued task)', async () => {
    const transport = new ScriptedTransport({ response: { provider: 'offline', model: 'built-in', lessons: [] } });
    const before = Date.now();
    await requesterOver(transport).request(AI_SUBJECTS.COMPOSE_LESSONS, {}, composeLessonsReplySchema, NOBODY);
    const deadline = parseDeadline((transport.sent[0].data as NatsRecord).headers.get(DEADLINE_HEADER));
    expect(deadline).toBeGreaterThanOrEqual(before + 50);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 50);
  });

  it('gives svc-ai the caller’s deadline less the margin when that comes first, and waits no longer', async () => {
    const requester = new SvcAiRequester(new ScriptedTransport(), { aiRequestTimeoutMs: 60_000 }, pino({ level: 'silent' }));
    const transport = new ScriptedTransport();
    const silent = new SvcAiRequester(transport, { aiRequestTimeoutMs: 60_000 }, pino({ level: 'silent' }));
    const callerDeadline = Date.now() + DEADLINE_MARGIN_MS + 150;
    const started = performance.now();
    const failure = await failureOf(runWithDeadline(callerDeadline, () => silent.request(AI_SUBJECTS.COMPOSE_LESSONS, {}, composeLessonsReplySchema, NOBODY)));
    expect(failure).toEqual({ statusCode: 503, message: AI_SERVICE_UNAVAILABLE });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parseDeadline((transport.sent[0].data as NatsRecord).headers.get(DEADLINE_HEADER))).toBe(callerDeadline - DEADLINE_MARGIN_MS);

    // No time left at all: svc-ai is not even asked.
    const late = await failureOf(runWithDeadline(Date.now() + 100, () => requester.request(AI_SUBJECTS.COMPOSE_LESSONS, {}, composeLessonsReplySchema, NOBODY)));
    expect(late).toEqual({ statusCode: 503, message: AI_SERVICE_OUT_OF_TIME });
  });
});
