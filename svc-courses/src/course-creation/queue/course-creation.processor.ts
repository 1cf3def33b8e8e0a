import { COURSE_CREATION_JOBS, COURSES_QUEUES } from '@masar/contracts';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { COURSES_CONFIG, CoursesConfig } from '../../config';
import { runWithRequestId } from '../../logging/request-context';
import { CourseCreationPipeline } from '../course-creation.pipeline';
import type { CreateCourseFromDocumentsJob } from '../creation-tasks.service';

/**
 * Works on creation tasks, COURSE_CREATION_CONCURRENCY at a time per instance. Registered at boot
 * rather than with @Process so the concurrency comes from the configuration. The pipeline records
 * every failure on the task itself, so a job never fails and is never retried with files already read.
 */
@Injectable()
export class CourseCreationProcessor implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(COURSES_QUEUES.COURSE_CREATION) private readonly queue: Queue<CreateCourseFromDocumentsJob>,
    private readonly pipeline: CourseCreationPipeline,
    @Inject(COURSES_CONFIG) private readonly config: CoursesConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.queue.process(
      COURSE_CREATION_JOBS.CREATE_FROM_DOCUMENTS,
      this.config.courseCreationConcurrency,
      (job: Job<CreateCourseFromDocumentsJob>) =>
        runWithRequestId(job.data.requestId, () => this.pipeline.run(job.data.taskId, job.data.request)),
    );
  }
}
