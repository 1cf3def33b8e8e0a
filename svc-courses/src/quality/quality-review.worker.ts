import { AGENT_TASK_STEPS, AGENT_TASK_JOBS, type AgentTaskResult, isErrorReply, QUALITY_SEVERITIES, type QualitySeverity } from '@masar/contracts';
import { LOGGER } from '@masar/contracts/service-kit';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Logger } from 'pino';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AgentTaskWorker, AgentTaskWorkers, StepOutcome } from '../agent-tasks/agent-task-worker';
import type { AgentTask } from '../agent-tasks/entities/agent-task.entity';
import { aiCallerOf } from '../agent-tasks/task-starter';
import { FactCheckClient } from '../ai/fact-check.client';
import type { CheckResult, ReviewedCourse } from './checks/course-check';
import { factCheckRequestsOf, factCheckSkippedLine, factualConsistencyResults } from './checks/factual-consistency.check';
import { reviewCourse } from './checks/quality-checks';
import { QualityFinding } from './entities/quality-finding.entity';
import { QualityReview } from './entities/quality-review.entity';
import { loadReviewedCourses } from './reviewed-course.loader';

/** Courses reviewed in one step: a pause or a restart waits for at most this many. */
export const COURSES_PER_REVIEW_STEP = 5;

/** What a quality-review task is started with: one course, or every course to review. */
export interface QualityReviewInput extends Record<string, unknown> {
  courseIds: string[];
}

interface CourseReview {
  courseId: string;
  courseTitle: string;
  results: CheckResult[];
}

/** The finished steps' reviews, written by `finish`. */
export interface QualityReviewCheckpoint extends Record<string, unknown> {
  reviews: CourseReview[];
  /** Why svc-ai could not fact-check (offline, feature off, budget…): the later courses are not asked either. */
  factCheckSkipped?: string;
}

/** What svc-ai's failure says, for the task log: its own message, or what svc-courses made of it. */
function failureMessage(error: unknown): string {
  const reply: unknown = error instanceof RpcException ? error.getError() : error;
  if (isErrorReply(reply)) return reply.message;
  return error instanceof Error ? error.message : String(error);
}

/** One step per batch of courses, then saving. */
export function qualityReviewSteps(courseCount: number): number {
  return Math.ceil(courseCount / COURSES_PER_REVIEW_STEP) + 1;
}

function inputOf(task: AgentTask): QualityReviewInput {
  return task.input as QualityReviewInput;
}

function batchOf(task: AgentTask, index: number): string[] {
  return inputOf(task).courseIds.slice(index * COURSES_PER_REVIEW_STEP, (index + 1) * COURSES_PER_REVIEW_STEP);
}

/** "“SQL Basics”: 87 checks, 3 failed (1 critical, 2 minor)". */
export function reviewLine(review: CourseReview): string {
  const failed = review.results.filter((result) => !result.passed);
  const bySeverity = QUALITY_SEVERITIES.map((severity: QualitySeverity) => [severity, failed.filter((result) => result.severity === severity).length] as const)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => `${count} ${severity}`);
  return `"${review.courseTitle}": ${review.results.length} checks, ${failed.length} failed${bySeverity.length > 0 ? ` (${bySeverity.join(', ')})` : ''}`;
}

/**
 * The Quality Assurance agent: reviews courses a few at a time (the checks are pure and read only
 * the course), keeps each batch's results in the checkpoint, and writes one review per course with
 * all its findings when it finishes. A course deleted meanwhile is skipped.
 */
@Injectable()
export class QualityReviewWorker implements AgentTaskWorker<QualityReviewCheckpoint>, OnModuleInit {
  readonly jobName = AGENT_TASK_JOBS.QUALITY_REVIEW;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workers: AgentTaskWorkers,
    private readonly factChecker: FactCheckClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.workers.register(this);
  }

  stepLabel(index: number, task: AgentTask): string {
    const { courseIds } = inputOf(task);
    if (index >= task.totalSteps - 1) return AGENT_TASK_STEPS.savingReviews;
    if (courseIds.length === 1) return AGENT_TASK_STEPS.reviewingCourse;
    const from = index * COURSES_PER_REVIEW_STEP + 1;
    return AGENT_TASK_STEPS.reviewingCourses(from, Math.min(courseIds.length, from + COURSES_PER_REVIEW_STEP - 1), courseIds.length);
  }

  async runStep(index: number, task: AgentTask, checkpoint: QualityReviewCheckpoint | null): Promise<StepOutcome<QualityReviewCheckpoint>> {
    const courses = await loadReviewedCourses(this.dataSource.manager, batchOf(task, index));
    let skipped = checkpoint?.factCheckSkipped;
    const notes: string[] = [];
    const reviews: CourseReview[] = [];
    for (const course of courses) {
      const results = reviewCourse(course);
      if (skipped === undefined) {
        const checked = await this.factCheck(course, task);
        if (Array.isArray(checked)) results.push(...checked);
        else {
          skipped = checked.skipped;
          notes.push(factCheckSkippedLine(skipped));
        }
      }
      reviews.push({ courseId: course.id, courseTitle: course.title, results });
    }
    const failed = reviews.reduce((sum, review) => sum + review.results.filter((result) => !result.passed).length, 0);
    const checks = reviews.reduce((sum, review) => sum + review.results.length, 0);
    return {
      // A resumed run repeats no batch: it starts after the last committed one.
      checkpoint: { reviews: [...(checkpoint?.reviews ?? []), ...reviews], ...(skipped === undefined ? {} : { factCheckSkipped: skipped }) },
      notes,
      log:
        reviews.length === 0
          ? 'The courses of this step are no longer in the catalog; nothing to review'
          : `Reviewed ${reviews.map((review) => `"${review.courseTitle}"`).join(', ')}: ${checks} checks, ${failed} failed`,
    };
  }

  /**
   * The factual-consistency results of a course, from svc-ai's language model, asked for the task's
   * starter (their settings, notice and budget apply, and the call is logged as theirs). Whatever
   * stops it (no model offline 501, feature off 403, notice 428, budget 429, svc-ai unavailable 503)
   * leaves the check out of the review rather than failing it: the offline checks stand on their own.
   */
  private async factCheck(course: ReviewedCourse, task: AgentTask): Promise<CheckResult[] | { skipped: string }> {
    try {
      const replies = [];
      for (const request of factCheckRequestsOf(course)) replies.push(await this.factChecker.check(request, { caller: aiCallerOf(task) }));
      return factualConsistencyResults(course, replies);
    } catch (error) {
      const message = failureMessage(error);
      this.logger.info({ taskId: task.id, courseId: course.id, reason: message }, 'factual consistency not checked');
      return { skipped: message };
    }
  }

  async finish(manager: EntityManager, task: AgentTask, checkpoint: QualityReviewCheckpoint): Promise<{ result: AgentTaskResult; log: string }> {
    const ids = checkpoint.reviews.map((review) => review.courseId);
    // Locked so a course cannot be deleted between this check and its review's insert.
    const present = await manager.query<Array<{ id: string }>>(`SELECT id FROM "courses"."courses" WHERE id = ANY($1::uuid[]) FOR SHARE`, [ids]);
    const still = new Set(present.map((row) => row.id));
    const kept = checkpoint.reviews.filter((review) => still.has(review.courseId));
    for (const review of kept) await saveReview(manager, task.id, review);
    const single = inputOf(task).courseIds.length === 1 ? kept[0] : undefined;
    return {
      result: {
        ...(single ? { courseId: single.courseId, courseTitle: single.courseTitle } : {}),
        changes: kept.map(reviewLine),
      },
      log: `Saved the reviews of ${kept.length} ${kept.length === 1 ? 'course' : 'courses'}`,
    };
  }
}

async function saveReview(manager: EntityManager, taskId: string, review: CourseReview): Promise<void> {
  const failed = review.results.filter((result) => !result.passed).length;
  const saved = await manager.save(
    manager.create(QualityReview, {
      courseId: review.courseId,
      taskId,
      checksRun: review.results.length,
      passed: review.results.length - failed,
      failed,
    }),
  );
  if (review.results.length === 0) return;
  await manager.insert(
    QualityFinding,
    review.results.map((result, position) => ({
      reviewId: saved.id,
      position,
      check: result.check,
      passed: result.passed,
      severity: result.severity,
      moduleId: result.moduleId ?? null,
      lessonId: result.lessonId ?? null,
      message: result.message,
    })),
  );
}
