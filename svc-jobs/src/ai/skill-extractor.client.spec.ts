import { RpcException } from '@nestjs/microservices';
import { TimeoutError } from 'rxjs';
import { skillExtractorFailure } from './skill-extractor.client';

function replyOf(error: unknown) {
  const failure = skillExtractorFailure(error);
  expect(failure).toBeInstanceOf(RpcException);
  return failure.getError();
}

describe('skillExtractorFailure', () => {
  it('passes svc-ai’s own ErrorReply through', () => {
    expect(replyOf({ statusCode: 400, message: 'text: Too long' })).toEqual({ statusCode: 400, message: 'text: Too long' });
    expect(replyOf({ statusCode: 502, message: 'The AI model cannot be reached' })).toEqual({
      statusCode: 502,
      message: 'The AI model cannot be reached',
    });
  });

  it('passes the AI governance refusals through with their status and message', () => {
    for (const refusal of [
      { statusCode: 403, message: 'Skill extraction with AI is turned off by your administrator' },
      { statusCode: 428, message: 'Accept the AI-use notice before you use AI features' },
      { statusCode: 429, message: 'You have used your monthly AI budget of 1,000 tokens. It resets on 1 December 2026.' },
    ]) {
      expect(replyOf(refusal)).toEqual(refusal);
    }
  });

  it('turns a crash inside svc-ai into a 502', () => {
    expect(replyOf({ status: 'error', message: 'Internal server error' })).toEqual({
      statusCode: 502,
      message: 'The skill extractor failed to handle the request',
    });
  });

  it('turns silence (a timeout, no responders) into a 503', () => {
    expect(replyOf(new TimeoutError())).toEqual({ statusCode: 503, message: 'The skill extractor is unavailable' });
    expect(replyOf(new Error('503'))).toEqual({ statusCode: 503, message: 'The skill extractor is unavailable' });
  });
});
