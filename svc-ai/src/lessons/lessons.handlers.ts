import { AI_SUBJECTS, ComposeLessonsReply, composeLessonsRequestSchema } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LessonCompositionRequest } from '../providers/lesson-composer';
import { ZodPayloadPipe } from '@masar/contracts/service-kit';
import { LessonsService } from './lessons.service';

@Controller()
export class LessonsHandlers {
  constructor(private readonly lessons: LessonsService) {}

  @MessagePattern(AI_SUBJECTS.COMPOSE_LESSONS)
  compose(
    @Payload(new ZodPayloadPipe(composeLessonsRequestSchema)) request: LessonCompositionRequest,
  ): Promise<ComposeLessonsReply> {
    return this.lessons.compose(request);
  }
}
