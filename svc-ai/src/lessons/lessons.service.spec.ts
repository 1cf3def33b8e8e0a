import { ComposedLesson, composeLessonsReplySchema } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { composeRequest, plannedLesson } from '../../test/support/compose-request.factory';
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

describe('LessonsService', () => {
  it('answers the composed lessons in the request’s order and names the provider', async () => {
    const request = composeRequest([plannedLesson({ key: 'first' }), plannedLesson({ key: 'second', sources: [] })]);
    const reply = composeLessonsReplySchema.parse(await new LessonsService(new OfflineLessonComposer()).compose(request));
    expect(reply.provider).toBe('offline');
    expect(reply.lessons.map((lesson) => lesson.key)).toEqual(['first', 'second']);
  });

  it('turns a provider failure into an ErrorReply with its status', async () => {
    const failure = await new LessonsService(new UnreachableComposer()).compose(composeRequest()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcException);
    expect((failure as RpcException).getError()).toEqual({
      statusCode: 503,
      message: 'The AI model is unavailable: it could not be reached',
    });
  });
});
