import { COURSE_CREATION_JOBS, COURSES_QUEUES } from '@masar/contracts';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Job, Queue } from 'bull';
import { Repository } from 'typeorm';
import { COURSES_CONFIG, CoursesConfig } from '../../config';
import { runWithDeadline, runWithRequestId } from '@masar/contracts/service-kit';
import { CourseCreationPipeline } from '../course-creation.pipeline';
import type { CreateCourseFromDocumentsJob } from '../creation-tasks.service';
import { AgentTask } from '../../agent-tasks/entities/agent-task.entity';
import { starterOf } from '../../agent-tasks/task-starter';

/**
 * Bull's lock on a job in progress, renewed every half of it. When an instance dies mid-task, the
 * lock lapses and the stalled-job check (every COURSE_CREATION_STALLED_CHECK_MS) hands the job to
 * a live instance, which starts the task again: within about 20 s instead of Bull's default 60.
 */
export const COURSE_CREATION_LOCK_MS = 15_000;
export const COURSE_CREATION_STALLED_CHECK_MS = 5_000;

/**
 * Works on creation tasks, COURSE_CREATION_CONCURRENCY at a time per instance. Registered at boot
 * rather than with @Process so the concurrency comes from the configuration. The pipeline records
 * every failure on the task itself, so a job never fails. A job Bull hands out again (its instance
 * died) resumes safely: the uploads stay until the task ends, the course and the task's completion
 * are written in one transaction, and a task that already ended is not run again.
 */
@Injectable()
export class CourseCreationProcessor implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(COURSES_QUEUES.COURSE_CREATION) private readonly queue: Queue<CreateCourseFromDocumentsJob>,
    @InjectRepository(AgentTask) private readonly tasks: Repository<AgentTask>,
    private readonly pipeline: CourseCreationPipeline,
    @Inject(COURSES_CONFIG) private readonly config: CoursesConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.queue.process(
      COURSE_CREATION_JOBS.CREATE_FROM_DOCUMENTS,
      this.config.courseCreationConcurrency,
      // No caller waits on a queued task: only svc-courses' own limits apply to its calls to svc-ai.
      (job: Job<CreateCourseFromDocumentsJob>) =>
        runWithDeadline(undefined, () => runWithRequestId(job.data.requestId, () => this.work(job.data))),
    );
  }

  private async work({ taskId, request }: CreateCourseFromDocumentsJob): Promise<void> {
    const task = await this.tasks.findOneBy({ id: taskId });
    // Gone (taken back when queueing failed) or already ended by an instance that died before Bull heard.
    if (!task || task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled') return;
    // Whom its calls to svc-ai are for comes from the task row (the job predates nothing it needs).
    await this.pipeline.run(taskId, request, starterOf(task));
  }
}
