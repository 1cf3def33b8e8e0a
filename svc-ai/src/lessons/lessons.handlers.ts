import { AI_SUBJECTS, ComposeLessonsReply, composeLessonsRequestSchema } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { LessonCompositionRequest } from '../providers/lesson-composer';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { LessonsService } from './lessons.service';

@Controller()
export class LessonsHandlers {
  constructor(private readonly lessons: LessonsService) {}

  /** The caller header is optional: without one, the work is Masar's own (the seed catalog). */
  @MessagePattern(AI_SUBJECTS.COMPOSE_LESSONS)
  compose(
    @Payload(new ZodPayloadPipe(composeLessonsRequestSchema)) request: LessonCompositionRequest,
    @Ctx() context: NatsContext,
  ): Promise<ComposeLessonsReply> {
    return this.lessons.compose(request, callerOf(context));
  }
}
