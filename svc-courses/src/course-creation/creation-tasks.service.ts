import {
  type Caller,
  COURSE_CREATION_JOBS,
  COURSE_CREATION_STAGE_PROGRESS,
  COURSE_CREATION_TASK_NOT_FOUND_MESSAGE,
  CourseCreationStage,
  CourseCreationTask,
  COURSES_QUEUES,
  isAdminCaller,
  GetCourseCreationTaskRequest,
  StartCourseCreationRequest,
} from '@masar/contracts';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Logger } from 'pino';
import { Repository } from 'typeorm';
import { currentRequestId, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { CourseUploadsStore } from './course-uploads.store';
import { CreationTask } from './entities/creation-task.entity';

/** A start request as queued: with who started it (the caller), who owns the task and the course. */
export type QueuedCourseCreation = StartCourseCreationRequest & { createdBy: string };

/** The Bull job of a creation task: the task's id and the request it was started with. */
export interface CreateCourseFromDocumentsJob {
  taskId: string;
  request: QueuedCourseCreation;
  /** The request id of the call that started the task, so its log lines and svc-ai calls carry it. */
  requestId?: string;
}

export const CREATION_QUEUE_UNAVAILABLE = 'Course creation is unavailable right now (its queue cannot be reached); please try again';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toCreationTask(row: CreationTask): CourseCreationTask {
  return {
    id: row.id,
    kind: row.kind,
    stage: row.stage,
    progress: row.progress,
    message: row.message,
    courseId: row.courseId,
    fileNames: row.fileNames,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Creation tasks: a row people poll, and a Bull job that does the work (CourseCreationPipeline).
 * Starting answers at once with the task in its first stage, `uploading`: the files are in the
 * object store, waiting to be read.
 */
@Injectable()
export class CreationTasksService {
  constructor(
    @InjectRepository(CreationTask) private readonly tasks: Repository<CreationTask>,
    @InjectQueue(COURSES_QUEUES.COURSE_CREATION) private readonly queue: Queue<CreateCourseFromDocumentsJob>,
    private readonly uploads: CourseUploadsStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(caller: Caller, started: StartCourseCreationRequest): Promise<CourseCreationTask> {
    const request: QueuedCourseCreation = { ...started, createdBy: caller.id };
    const task = await this.tasks.save(
      this.tasks.create({
        kind: request.kind,
        stage: 'uploading',
        progress: COURSE_CREATION_STAGE_PROGRESS.uploading,
        message: `Received ${describeFiles(request.files.length)}`,
        fileNames: request.files.map((file) => file.fileName),
        createdBy: request.createdBy,
      }),
    );
    try {
      await this.queue.add(
        COURSE_CREATION_JOBS.CREATE_FROM_DOCUMENTS,
        { taskId: task.id, request, requestId: currentRequestId() },
        { jobId: task.id },
      );
    } catch (error) {
      // Without the queue nothing would ever read the files: take everything back.
      this.logger.error({ err: error, taskId: task.id }, 'could not queue a course creation task');
      await this.tasks.delete({ id: task.id });
      await Promise.all(request.files.map((file) => this.uploads.discard(file.objectName)));
      throw rpcError(503, CREATION_QUEUE_UNAVAILABLE);
    }
    return toCreationTask(task);
  }

  /** A task for the caller who started it, or for an admin; anyone else is told it does not exist. */
  async get(caller: Caller, request: GetCourseCreationTaskRequest): Promise<CourseCreationTask> {
    const task = UUID.test(request.id) ? await this.tasks.findOneBy({ id: request.id }) : null;
    if (!task || !mayFollowTask(caller, task)) {
      throw rpcError(404, COURSE_CREATION_TASK_NOT_FOUND_MESSAGE);
    }
    return toCreationTask(task);
  }

  async moveTo(taskId: string, stage: CourseCreationStage, message: string, courseId: string | null = null): Promise<void> {
    await this.tasks.update(
      { id: taskId },
      { stage, progress: COURSE_CREATION_STAGE_PROGRESS[stage], message, ...(courseId ? { courseId } : {}) },
    );
  }
}

/** A creation task is its starter's: only they, and admins, may follow it. */
export function mayFollowTask(caller: Caller, task: Pick<CreationTask, 'createdBy'>): boolean {
  return isAdminCaller(caller) || task.createdBy === caller.id;
}

function describeFiles(count: number): string {
  return count === 1 ? '1 file' : `${count} files`;
}
