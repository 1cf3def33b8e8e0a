import { ComposedLesson, composeLessonsReplySchema } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { composeRequest, plannedLesson } from '../../test/support/compose-request.factory';
import { meterFactory } from '../../test/support/metering.factory';
import { loadConfig } from '../config';
import { AiProviderError } from '../providers/ai-provider-error';
import { LessonComposer } from '../providers/lesson-composer';
import { OfflineLessonComposer } from '../providers/offline/offline-lesson-composer';
import { LessonsService } from './lessons.service';

class UnreachableComposer implements LessonComposer {
  readonly name = 'openai' as const;
  async composeLessons(): Promise<ComposedLesson[]> {
    throw new AiProviderError(503, 'The AI model is unavailable: it could not be reached');
  }
}

const config = loadConfig({});

describe('LessonsService', () => {
  it('answers the composed lessons in the request’s order and names the provider', async () => {
    const request = composeRequest([plannedLesson({ key: 'first' }), plannedLesson({ key: 'second', sources: [] })]);
    const { meter, rows } = meterFactory();
    const reply = composeLessonsReplySchema.parse(await new LessonsService({ offline: new OfflineLessonComposer() }, meter, config).compose(request, null));
    expect(reply.provider).toBe('offline');
    expect(reply.model).toBe('built-in');
    expect(rows).toEqual([expect.objectContaining({ feature: 'lesson-writing', outcome: 'succeeded', model: 'built-in' })]);
    expect(rows[0].inputCharacters).toBeGreaterThan(0);
    expect(rows[0].outputCharacters).toBeGreaterThan(0);
    expect(reply.lessons.map((lesson) => lesson.key)).toEqual(['first', 'second']);
  });

  it('turns a provider failure into an ErrorReply with its status', async () => {
    const { meter } = meterFactory({ provider: 'openai' });
    const service = new LessonsService({ offline: new OfflineLessonComposer(), openai: new UnreachableComposer() }, meter, config);
    const failure = await service.compose(composeRequest(), null).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcException);
    expect((failure as RpcException).getError()).toEqual({
      statusCode: 503,
      message: 'The AI model is unavailable: it could not be reached',
    });
  });
});
