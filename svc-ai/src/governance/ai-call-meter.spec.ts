import { OFFLINE_MODEL_NAME } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { meterFactory } from '../../test/support/metering.factory';
import { AiProviderError } from '../providers/ai-provider-error';
import { aiCallModelOverride, recordCompletion, recordPromptTemplate } from './ai-call-context';
import { characterCount } from './ai-call-meter';

const LEARNER = { id: '7b0f7f4e-5a2c-4d1e-9f53-0d6f1d0c2a11', role: 'learner' as const };

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('AiCallMeter', () => {
  it('logs a model call with the usage of every completion, its last model and the template it resolved', async () => {
    const { meter, rows } = meterFactory({ provider: 'openai' });
    const result = await meter.run('lesson-writing', LEARNER, 120, async () => {
      recordPromptTemplate('lesson-composition', 3);
      recordCompletion('gpt-4o-mini', { prompt_tokens: 100, completion_tokens: 40 });
      recordCompletion('gpt-4o-mini', { prompt_tokens: 90, completion_tokens: 35 });
      return { result: 'done', outputCharacters: 75 };
    });
    expect(result).toBe('done');
    expect(rows).toEqual([
      expect.objectContaining({
        userId: LEARNER.id,
        userRole: 'learner',
        feature: 'lesson-writing',
        provider: 'openai',
        model: 'gpt-4o-mini',
        promptTemplate: 'lesson-composition',
        promptVersion: 3,
        inputTokens: 190,
        outputTokens: 75,
        inputCharacters: 120,
        outputCharacters: 75,
        outcome: 'succeeded',
        statusCode: null,
        error: null,
      }),
    ]);
  });

  it('keeps concurrent calls apart: each row has only its own completions', async () => {
    const { meter, rows } = meterFactory({ provider: 'openai' });
    const call = (tokens: number) =>
      meter.run('skill-extraction', null, 1, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        recordCompletion('m', { prompt_tokens: tokens, completion_tokens: 0 });
        return { result: tokens, outputCharacters: 0 };
      });
    await Promise.all([call(10), call(20), call(30)]);
    expect(rows.map((row) => row.inputTokens).sort((a, b) => a - b)).toEqual([10, 20, 30]);
  });

  it('gives the work the feature’s model setting as the override, only for an OpenAI feature', async () => {
    const openai = meterFactory({ provider: 'openai', model: 'gpt-4.1' });
    expect(await openai.meter.run('lesson-writing', null, 0, async () => ({ result: aiCallModelOverride(), outputCharacters: 0 }))).toBe('gpt-4.1');
    const offline = meterFactory({ provider: 'offline', model: 'gpt-4.1' });
    expect(await offline.meter.run('lesson-writing', null, 0, async () => ({ result: aiCallModelOverride(), outputCharacters: 0 }))).toBeNull();
    expect(offline.rows[0].model).toBe(OFFLINE_MODEL_NAME);
    expect(aiCallModelOverride()).toBeNull();
  });

  it('refuses before any work, logging the refusal with its status and message', async () => {
    const { meter, rows } = meterFactory({ refusal: { statusCode: 428, message: 'Accept the notice' } });
    let worked = false;
    const failure = await failureOf(
      meter.run('skill-extraction', LEARNER, 12, async () => {
        worked = true;
        return { result: null, outputCharacters: 0 };
      }),
    );
    expect(worked).toBe(false);
    expect((failure as RpcException).getError()).toEqual({ statusCode: 428, message: 'Accept the notice' });
    expect(rows).toEqual([expect.objectContaining({ outcome: 'refused', statusCode: 428, error: 'Accept the notice', inputCharacters: 12, outputCharacters: 0 })]);
  });

  it('logs a provider failure with its status, keeps the tokens it spent, and answers its ErrorReply', async () => {
    const { meter, rows } = meterFactory({ provider: 'openai' });
    const failure = await failureOf(
      meter.run('image-description', null, 5, async () => {
        recordCompletion('vision-model', { prompt_tokens: 300, completion_tokens: 2 });
        throw new AiProviderError(502, 'The AI model returned an empty answer');
      }),
    );
    expect((failure as RpcException).getError()).toEqual({ statusCode: 502, message: 'The AI model returned an empty answer' });
    expect(rows).toEqual([
      expect.objectContaining({ outcome: 'failed', statusCode: 502, model: 'vision-model', inputTokens: 300, outputTokens: 2, userId: null, userRole: null }),
    ]);
  });

  it('rethrows an unexpected error as it was, logged as a 500', async () => {
    const { meter, rows } = meterFactory();
    const bug = new TypeError('x is undefined');
    expect(await failureOf(meter.run('skill-extraction', null, 0, async () => Promise.reject(bug)))).toBe(bug);
    expect(rows).toEqual([expect.objectContaining({ outcome: 'failed', statusCode: 500, error: 'x is undefined' })]);
  });
});

describe('characterCount', () => {
  it('counts characters as a reader does, across texts, skipping absent ones', () => {
    expect(characterCount('مسار', undefined, 'a😀', null, '')).toBe(6);
  });
});
