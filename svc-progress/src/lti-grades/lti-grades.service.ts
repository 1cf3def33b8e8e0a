import { LTI_GRADES_NOT_CONFIGURED_MESSAGE, RememberLtiLineItemReply, RememberLtiLineItemRequest } from '@masar/contracts';
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { Repository } from 'typeorm';
import { PROGRESS_CONFIG, type ProgressConfig } from '../config';
import { LtiLineItem } from './entities/lti-line-item.entity';
import { LmsScoreClient, ScoreRefusedError } from './lms-score-client';

/** LTI grade passback: the line items launches gave, and the scores sent to them on completion. */
@Injectable()
export class LtiGradesService {
  private readonly client: LmsScoreClient | null;

  constructor(
    @InjectRepository(LtiLineItem) private readonly lineItems: Repository<LtiLineItem>,
    @Inject(PROGRESS_CONFIG) config: ProgressConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.client = config.ltiGrades ? new LmsScoreClient(config.ltiGrades.toolPrivateKeyPem, config.ltiGrades.requestTimeoutMs) : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  /** Keeps (or refreshes) where this learner's score for this course goes. */
  async remember(request: RememberLtiLineItemRequest): Promise<RememberLtiLineItemReply> {
    if (!this.client) throw rpcError(404, LTI_GRADES_NOT_CONFIGURED_MESSAGE);
    await this.lineItems.upsert(
      {
        userId: request.userId,
        courseId: request.courseId,
        lineItemUrl: request.lineItemUrl,
        platformUserId: request.platformUserId,
        issuer: request.issuer,
        clientId: request.clientId,
        tokenUrl: request.tokenUrl,
        rememberedAt: new Date(),
      },
      { conflictPaths: ['userId', 'courseId', 'lineItemUrl'] },
    );
    return { remembered: true };
  }

  /**
   * Sends the full score to every LMS line item of this learner and course. An LMS that is down
   * throws (the event is offered again later); one that refuses the score for good is logged and
   * skipped, so it cannot hold back everyone else's grades.
   */
  async courseCompleted(userId: string, courseId: string, completedAt: string): Promise<void> {
    if (!this.client) return;
    const targets = await this.lineItems.findBy({ userId, courseId });
    for (const target of targets) {
      try {
        await this.client.postCompletion(target, completedAt);
        await this.lineItems.update({ id: target.id }, { scorePostedAt: new Date() });
        this.logger.info({ userId, courseId, lineItem: target.lineItemUrl }, 'LTI score posted');
      } catch (error) {
        if (!(error instanceof ScoreRefusedError)) throw error;
        this.logger.warn({ err: error, userId, courseId, lineItem: target.lineItemUrl }, 'the LMS refused the score; not retried');
      }
    }
  }
}
