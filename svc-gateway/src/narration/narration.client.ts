import {
  AI_SUBJECTS,
  COURSES_SUBJECTS,
  type GenerateNarrationReply,
  generateNarrationReplySchema,
  type GenerateNarrationRequest,
  type StartCourseNarrationReply,
  startCourseNarrationReplySchema,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from '../nats/service-client';

/** Asks svc-ai, in the caller's name (the caller header), to narrate a lesson; svc-courses to narrate a whole course. */
@Injectable()
export class NarrationClient {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** A long lesson or a speech model can take seconds: this waits EXTRACTION_TIMEOUT_MS, as other AI work. */
  generate(request: GenerateNarrationRequest): Promise<GenerateNarrationReply> {
    return this.services.request({
      service: 'ai',
      subject: AI_SUBJECTS.GENERATE_NARRATION,
      payload: request,
      reply: generateNarrationReplySchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
  }

  /** Queues the course's narration as an agent task in svc-courses, which checks that the caller is an admin. */
  startCourseNarration(courseId: string): Promise<StartCourseNarrationReply> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.START_COURSE_NARRATION,
      payload: { id: courseId },
      reply: startCourseNarrationReplySchema,
    });
  }
}
