import { AI_SUBJECTS, ComposeLessonsReply, composeLessonsReplySchema, ComposeLessonsRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/** Asks svc-ai to write one module's planned lessons from their sources (`ai.lessons.compose`). */
@Injectable()
export class LessonComposerClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  /** One composed lesson per planned lesson, in the request's order, with the sources each one cites. */
  compose(request: ComposeLessonsRequest, options: AiCallOptions): Promise<ComposeLessonsReply> {
    return this.svcAi.request(AI_SUBJECTS.COMPOSE_LESSONS, request, composeLessonsReplySchema, options);
  }
}
