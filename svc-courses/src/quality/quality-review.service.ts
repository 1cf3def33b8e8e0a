import {
  AGENT_TASK_TITLES,
  AGENT_TASK_STEPS,
  AGENT_TASK_JOBS,
  type AgentTask as AgentTaskShape,
  COURSE_NOT_FOUND_MESSAGE,
  EXTERNAL_COURSE_REVIEW_MESSAGE,
  NOTHING_TO_REVIEW_MESSAGE,
} from '@masar/contracts';
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { AgentTasksService } from '../agent-tasks/agent-tasks.service';
import type { AgentTask } from '../agent-tasks/entities/agent-task.entity';
import type { TaskStarter } from '../agent-tasks/task-starter';
import { QualityReviewInput, qualityReviewSteps } from './quality-review.worker';

interface CourseToReview {
  id: string;
  title: string;
}

/** Starts Quality Assurance agent tasks: on demand, after a course is created, and for the seed catalog. */
@Injectable()
export class QualityReviewService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly agentTasks: AgentTasksService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A review of one course, or of every internal course when `courseId` is absent, as `startedBy`'s
   * task (a person, or MASAR_ITSELF). 404 for an unknown course, 400 for external training.
   */
  async startReview(startedBy: TaskStarter, courseId?: string): Promise<AgentTaskShape> {
    const courses = courseId ? [await this.courseToReview(courseId)] : await this.internalCourses(this.dataSource.manager);
    if (courses.length === 0) throw rpcError(422, NOTHING_TO_REVIEW_MESSAGE);
    const [task] = await this.dataSource.transaction((manager) => this.createTask(manager, startedBy, courses));
    const [queued] = await this.agentTasks.queueRuns([task], AGENT_TASK_JOBS.QUALITY_REVIEW);
    return queued;
  }

  /**
   * The review every newly created course gets, as its creator's task. It never fails the creation:
   * a review that cannot be queued is logged, and a course already being reviewed is not queued twice.
   */
  async reviewNewCourse(courseId: string, startedBy: TaskStarter): Promise<void> {
    try {
      const [existing] = await this.dataSource.query<unknown[]>(
        `SELECT 1 FROM "courses"."agent_tasks" WHERE "type" = 'quality-review' AND "input" -> 'courseIds' = jsonb_build_array($1::text) LIMIT 1`,
        [courseId],
      );
      if (existing) return;
      await this.startReview(startedBy, courseId);
    } catch (error) {
      this.logger.warn({ err: error, courseId }, 'the new course could not be queued for a quality review');
    }
  }

  /** Task rows for a review of `courses`, in the caller's transaction; queue it with AgentTasksService.queueRuns once committed. */
  createTask(manager: EntityManager, startedBy: TaskStarter, courses: CourseToReview[]): Promise<AgentTask[]> {
    const input: QualityReviewInput = { courseIds: courses.map((course) => course.id) };
    return this.agentTasks.create(manager, [
      {
        type: 'quality-review',
        title: courses.length === 1 ? AGENT_TASK_TITLES.qualityReviewOfCourse(courses[0].title) : AGENT_TASK_TITLES.qualityReviewOfCourses(courses.length),
        startedBy,
        input,
        totalSteps: qualityReviewSteps(courses.length),
        canPause: true,
        currentStep: AGENT_TASK_STEPS.waiting,
      },
    ]);
  }

  /** Every internal course (optionally only the seed catalog's), oldest first. */
  internalCourses(manager: EntityManager, seedOnly = false): Promise<CourseToReview[]> {
    return manager.query<CourseToReview[]>(
      `SELECT id, title FROM "courses"."courses" WHERE "kind" = 'internal' ${seedOnly ? 'AND "seed_key" IS NOT NULL' : ''} ORDER BY "created_at", "id"`,
    );
  }

  private async courseToReview(courseId: string): Promise<CourseToReview> {
    const [course] = await this.dataSource.query<Array<CourseToReview & { kind: string }>>(
      `SELECT id, title, kind FROM "courses"."courses" WHERE id = $1`,
      [courseId],
    );
    if (!course) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
    if (course.kind !== 'internal') throw rpcError(400, EXTERNAL_COURSE_REVIEW_MESSAGE);
    return { id: course.id, title: course.title };
  }
}
