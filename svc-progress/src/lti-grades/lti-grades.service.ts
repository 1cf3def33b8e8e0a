import { LTI_GRADES_NOT_CONFIGURED_MESSAGE, type QuizAttemptGradedEvent, RememberLtiLineItemReply, RememberLtiLineItemRequest } from '@masar/contracts';
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { Repository } from 'typeorm';
import { PROGRESS_CONFIG, type ProgressConfig } from '../config';
import { Activity } from '../activities/entities/activity.entity';
import { LtiLineItem } from './entities/lti-line-item.entity';
import { LtiQuizResult } from './entities/lti-quiz-result.entity';
import { type LineItemScore, LmsScoreClient, ScoreRefusedError } from './lms-score-client';

/** LTI grade passback: the line items launches gave, and the scores sent to them for passed quizzes and completed courses. */
@Injectable()
export class LtiGradesService {
  private readonly client: LmsScoreClient | null;

  constructor(
    @InjectRepository(LtiLineItem) private readonly lineItems: Repository<LtiLineItem>,
    @InjectRepository(LtiQuizResult) private readonly quizResults: Repository<LtiQuizResult>,
    @InjectRepository(Activity) private readonly activities: Repository<Activity>,
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
   * A completed course's grade, final, to every LMS line item of this learner and course: the mean of
   * their best passed quiz scores in it, or full marks for a course without quizzes.
   */
  async courseCompleted(userId: string, courseId: string): Promise<void> {
    if (!this.client) return;
    const targets = await this.lineItems.findBy({ userId, courseId });
    if (targets.length === 0) return;
    const quizMean = await this.quizMean(userId, courseId);
    await this.postToEach(targets, { scoreGiven: quizMean ?? 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
  }

  /**
   * A passed quiz raises the learner's grade for its course in the LMS: their best score on it is kept,
   * and the course's grade so far (the mean of its passed quizzes) is posted, still pending until the
   * course is complete. A failed attempt changes nothing: the best passed score counts.
   */
  async quizGraded(attempt: QuizAttemptGradedEvent): Promise<void> {
    if (!this.client || !attempt.passed) return;
    await this.quizResults.query(KEEP_BEST_QUIZ_SCORE_SQL, [attempt.userId, attempt.lessonId, attempt.courseId, attempt.score, new Date(attempt.occurredAt)]);
    const targets = await this.lineItems.findBy({ userId: attempt.userId, courseId: attempt.courseId });
    if (targets.length === 0) return;
    const completed = await this.activities.existsBy({ userId: attempt.userId, courseId: attempt.courseId, kind: 'course-completed' });
    const quizMean = (await this.quizMean(attempt.userId, attempt.courseId)) ?? attempt.score;
    await this.postToEach(
      targets,
      completed
        ? { scoreGiven: quizMean, activityProgress: 'Completed', gradingProgress: 'FullyGraded' }
        : { scoreGiven: quizMean, activityProgress: 'InProgress', gradingProgress: 'Pending' },
    );
  }

  /** The mean of the learner's best passed quiz scores in the course, to two decimals; null without any. */
  private async quizMean(userId: string, courseId: string): Promise<number | null> {
    const [{ mean }] = (await this.quizResults.query(
      `SELECT round(avg(best_score), 2)::float8 AS mean FROM progress.lti_quiz_results WHERE user_id = $1 AND course_id = $2`,
      [userId, courseId],
    )) as { mean: number | null }[];
    return mean;
  }

  /**
   * An LMS that is down throws (the event is offered again later); one that refuses the score for good
   * is logged and skipped, so it cannot hold back everyone else's grades.
   */
  private async postToEach(targets: LtiLineItem[], score: Omit<LineItemScore, 'timestamp'>): Promise<void> {
    for (const target of targets) {
      const { userId, courseId, lineItemUrl } = target;
      try {
        await this.client!.postScore(target, { ...score, timestamp: new Date().toISOString() });
        await this.lineItems.update({ id: target.id }, { scorePostedAt: new Date() });
        this.logger.info({ userId, courseId, lineItem: lineItemUrl, ...score }, 'LTI score posted');
      } catch (error) {
        if (!(error instanceof ScoreRefusedError)) throw error;
        this.logger.warn({ err: error, userId, courseId, lineItem: lineItemUrl }, 'the LMS refused the score; not retried');
      }
    }
  }
}

/** Keeps the best passed score on a quiz (a lower pass later keeps the earlier best and its time). */
const KEEP_BEST_QUIZ_SCORE_SQL = `
  INSERT INTO progress.lti_quiz_results (user_id, lesson_id, course_id, best_score, passed_at)
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (user_id, lesson_id) DO UPDATE
    SET best_score = excluded.best_score, passed_at = excluded.passed_at
    WHERE lti_quiz_results.best_score < excluded.best_score`;
