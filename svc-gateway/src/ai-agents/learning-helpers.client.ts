import { COURSES_SUBJECTS, type LearningHelperBody, type LearningHelperReply, learningHelperReplySchema, type LearningHelperRequest } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { JobsClient } from '../jobs/jobs.client';
import { ServiceClient } from '../nats/service-client';

/**
 * The six learning helpers on a search result: svc-courses gathers the library around the passage
 * and asks svc-ai in the caller's name (the caller header ServiceClient sets).
 */
@Injectable()
export class LearningHelpersClient {
  constructor(
    private readonly services: ServiceClient,
    private readonly jobs: JobsClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The helper for the signed-in person, in their job role when they have analysed a job description. */
  async process(body: LearningHelperBody, callerId: string): Promise<LearningHelperReply> {
    const jobRole = await this.jobRoleOf(callerId);
    return this.run(jobRole === undefined ? body : { ...body, jobRole });
  }

  /** A model may write the answer: this waits EXTRACTION_TIMEOUT_MS, not the lookup timeout. */
  run(request: LearningHelperRequest): Promise<LearningHelperReply> {
    return this.services.request({
      service: 'courses',
      subject: COURSES_SUBJECTS.RUN_LEARNING_HELPER,
      payload: request,
      reply: learningHelperReplySchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
  }

  /**
   * The title of the caller's newest job description (their own, an admin's too), for scenarios in
   * their role. Without one, or when svc-jobs cannot say, the helper runs without a role: scenarios
   * are then general, which is better than no answer.
   */
  private async jobRoleOf(callerId: string): Promise<string | undefined> {
    try {
      const { items } = await this.jobs.list({ page: 1, pageSize: 1, ownerId: callerId });
      return items[0]?.title.trim() || undefined;
    } catch {
      return undefined;
    }
  }
}
