import { ComposeLessonsReply } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { asRpcError } from '../errors/rpc-error';
import { LESSON_COMPOSER, LessonComposer, LessonCompositionRequest } from '../providers/lesson-composer';

@Injectable()
export class LessonsService {
  constructor(@Inject(LESSON_COMPOSER) private readonly composer: LessonComposer) {}

  /** Stateless: writes one module's lessons, stores nothing. A provider failure becomes an ErrorReply with its status. */
  async compose(request: LessonCompositionRequest): Promise<ComposeLessonsReply> {
    try {
      const lessons = await this.composer.composeLessons(request);
      return { provider: this.composer.name, lessons };
    } catch (error) {
      throw asRpcError(error);
    }
  }
}
