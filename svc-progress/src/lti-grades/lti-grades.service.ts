import { LTI_GRADES_NOT_CONFIGURED_MESSAGE, type QuizAttemptGradedEvent, RememberLtiLineItemReply, RememberLtiLineItemRequest } from '@masar/contracts';
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { In, Repository } from 'typeorm';
import { PROGRESS_CONFIG, type ProgressConfig } from '../config';
import { Activity } from '../activities/entities/activity.entity';
import { LtiLineItem } from './entities/lti-line-item.entity';
import { LtiQuizResult } from './entities/lti-quiz-result.entity';
import { LmsScoreClient, type PendingScore, ScoreRefusedError } from './lms-score-client';

/** LTI grade passback: the line items launches gave, and the scores sent to them for passed quizzes and completed courses. */
@Injectable()
export class LtiGradesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly client: LmsScoreClient | null;
  private readonly retryDelayMs: number;
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(LtiLineItem) private readonly lineItems: Repository<LtiLineItem>,
    @InjectRepository(LtiQuizResult) private readonly quizResults: Repository<LtiQuizResult>,
    @InjectRepository(Activity) private readonly activities: Repository<Activity>,
    @Inject(PROGRESS_CONFIG) config: ProgressConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.client = config.ltiGrades ? new LmsScoreClient(config.ltiGrades.toolPrivateKeyPem, config.ltiGrades.requestTimeoutMs) : null;
    this.retryDelayMs = config.ltiGrades?.retryDelayMs ?? 0;
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
   * Keeps the score on each line item as the one waiting for its LMS (replacing an older one still
   * waiting), then posts it at once. An LMS that cannot take it now is tried again later by the timer,
   * so it holds back only its own grades, never the events stream or other LMSs.
   */
  private async postToEach(targets: LtiLineItem[], score: PendingScore): Promise<void> {
    const ids = targets.map((target) => target.id);
    await this.lineItems.update({ id: In(ids) }, { pendingScore: score, postAttempts: 0, nextPostAt: () => 'now()' });
    await this.postDueScores(ids);
  }

  /** Posts the waiting scores that are due (all of them, or those of `ids`), each line item claimed by one instance. */
  async postDueScores(ids?: string[]): Promise<void> {
    if (!this.client) return;
    const claimed = (await this.lineItems.query(CLAIM_DUE_SCORES_SQL, [ids ?? null, CLAIM_LEASE_MS])) as [ClaimedScore[], number];
    for (const row of claimed[0]) await this.postClaimed(row);
  }

  private async postClaimed(row: ClaimedScore): Promise<void> {
    const log = { userId: row.user_id, courseId: row.course_id, lineItem: row.line_item_url, attempt: row.post_attempts + 1, ...row.pending_score };
    const target = { lineItemUrl: row.line_item_url, platformUserId: row.platform_user_id, issuer: row.issuer, clientId: row.client_id, tokenUrl: row.token_url };
    try {
      await this.client!.postScore(target, { ...row.pending_score, timestamp: new Date().toISOString() });
      // A newer score written while this one was on its way stays waiting (and is due now).
      await this.lineItems.query(SCORE_ANSWERED_SQL, [row.id, JSON.stringify(row.pending_score), true]);
      this.logger.info(log, 'LTI score posted');
    } catch (error) {
      if (error instanceof ScoreRefusedError) {
        await this.lineItems.query(SCORE_ANSWERED_SQL, [row.id, JSON.stringify(row.pending_score), false]);
        this.logger.warn({ ...log, err: error }, 'the LMS refused the score; not retried');
        return;
      }
      const delayMs = Math.min(this.retryDelayMs * 2 ** row.post_attempts, MAX_RETRY_DELAY_MS);
      await this.lineItems.query(SCORE_NOT_TAKEN_SQL, [row.id, delayMs]);
      this.logger.warn({ ...log, err: error, retryInMs: delayMs }, 'the LMS could not take the score; it will be posted again');
    }
  }

  onApplicationBootstrap(): void {
    if (!this.client) return;
    // Every instance looks for due scores; a claimed line item is left to the instance that claimed it.
    this.timer = setInterval(() => {
      this.postDueScores().catch((error: unknown) => this.logger.warn({ err: error }, 'waiting LTI scores not posted this round'));
    }, this.retryDelayMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}

/** How long a claimed score is left to the instance posting it before another may take it. */
const CLAIM_LEASE_MS = 60_000;
/** The longest wait between two tries of a score an LMS cannot take. */
const MAX_RETRY_DELAY_MS = 3_600_000;

interface ClaimedScore {
  id: string;
  user_id: string;
  course_id: string;
  line_item_url: string;
  platform_user_id: string;
  issuer: string;
  client_id: string;
  token_url: string;
  pending_score: PendingScore;
  post_attempts: number;
}

/** Due waiting scores (of the given line items, or any), claimed for a lease so no other instance posts them meanwhile. */
const CLAIM_DUE_SCORES_SQL = `
  UPDATE progress.lti_line_items SET next_post_at = now() + make_interval(secs => $2::int / 1000.0)
  WHERE id IN (
    SELECT id FROM progress.lti_line_items
    WHERE pending_score IS NOT NULL AND next_post_at <= now() AND ($1::uuid[] IS NULL OR id = ANY($1::uuid[]))
    ORDER BY next_post_at
    LIMIT 50
    FOR UPDATE SKIP LOCKED
  )
  RETURNING id, user_id, course_id, line_item_url, platform_user_id, issuer, client_id, token_url, pending_score, post_attempts`;

/**
 * The LMS answered for good: took the score ($3 true, marked posted) or refused it ($3 false). Either
 * way it stops waiting, unless a newer score came meanwhile (then that one is due now).
 */
const SCORE_ANSWERED_SQL = `
  UPDATE progress.lti_line_items
  SET score_posted_at = CASE WHEN $3::boolean THEN now() ELSE score_posted_at END,
      pending_score = CASE WHEN pending_score = $2::jsonb THEN NULL ELSE pending_score END,
      post_attempts = 0,
      next_post_at = CASE WHEN pending_score = $2::jsonb THEN NULL ELSE now() END
  WHERE id = $1`;

/** The LMS could not take it now: tried again after the delay. */
const SCORE_NOT_TAKEN_SQL = `
  UPDATE progress.lti_line_items
  SET post_attempts = post_attempts + 1, next_post_at = now() + make_interval(secs => $2::int / 1000.0)
  WHERE id = $1`;

/** Keeps the best passed score on a quiz (a lower pass later keeps the earlier best and its time). */
const KEEP_BEST_QUIZ_SCORE_SQL = `
  INSERT INTO progress.lti_quiz_results (user_id, lesson_id, course_id, best_score, passed_at)
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (user_id, lesson_id) DO UPDATE
    SET best_score = excluded.best_score, passed_at = excluded.passed_at
    WHERE lti_quiz_results.best_score < excluded.best_score`;
