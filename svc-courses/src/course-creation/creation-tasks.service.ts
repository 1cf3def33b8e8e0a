import {
  AGENT_TASK_TITLES,
  type Caller,
  COURSE_CREATION_JOBS,
  COURSE_CREATION_STAGE_MESSAGES,
  COURSE_CREATION_STAGE_PROGRESS,
  COURSE_CREATION_TASK_NOT_FOUND_MESSAGE,
  CourseCreationStage,
  CourseCreationTask,
  COURSES_QUEUES,
  GetCourseCreationTaskRequest,
  StartCourseCreationRequest,
} from '@masar/contracts';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Logger } from 'pino';
import { In, Repository } from 'typeorm';
import { currentRequestId, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { CourseUploadsStore } from './course-uploads.store';
import { appendTaskLog } from '../agent-tasks/agent-task-log';
import { mayControl } from '../agent-tasks/agent-tasks.service';
import { AgentTask } from '../agent-tasks/entities/agent-task.entity';

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

/** Raised when a document task was cancelled while it ran: the pipeline stops and writes nothing. */
export class CreationTaskCancelled extends Error {}

const TASK_TITLES: Record<StartCourseCreationRequest['kind'], (name: string) => string> = {
  import: AGENT_TASK_TITLES.courseFromFile,
  'create-with-files': AGENT_TASK_TITLES.courseWithMaterials,
  'ai-generate-with-files': AGENT_TASK_TITLES.aiCourseWithMaterials,
};

export function toCreationTask(row: AgentTask): CourseCreationTask {
  return {
    id: row.id,
    kind: row.kind!,
    // A cancelled document task reads as ended in error for the creation dialog, which knows no other end.
    stage: row.status === 'cancelled' ? 'error' : row.stage!,
    progress: row.progress,
    message: row.status === 'cancelled' ? COURSE_CREATION_STAGE_MESSAGES.cancelled : row.stage === 'error' ? row.error : row.currentStep,
    courseId: row.courseId,
    fileNames: row.fileNames,
    cancelled: row.status === 'cancelled',
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
    @InjectRepository(AgentTask) private readonly tasks: Repository<AgentTask>,
    @InjectQueue(COURSES_QUEUES.COURSE_CREATION) private readonly queue: Queue<CreateCourseFromDocumentsJob>,
    private readonly uploads: CourseUploadsStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(caller: Caller, started: StartCourseCreationRequest): Promise<CourseCreationTask> {
    const request: QueuedCourseCreation = { ...started, createdBy: caller.id };
    const count = request.files.length;
    const received = count === 1 ? COURSE_CREATION_STAGE_MESSAGES.receivedOne : COURSE_CREATION_STAGE_MESSAGES.receivedMany(count);
    const task = await this.tasks.save(
      this.tasks.create({
        type: 'course-from-documents',
        title: TASK_TITLES[request.kind](request.courseData?.title ?? request.files[0].fileName),
        status: 'queued',
        kind: request.kind,
        stage: 'uploading',
        progress: COURSE_CREATION_STAGE_PROGRESS.uploading,
        currentStep: received,
        // Reading the files is one step: the task can be cancelled, not paused.
        canPause: false,
        canCancel: true,
        // The spec's five stages after uploading; about 4 s each for a document of ordinary size.
        estimatedDuration: 20,
        totalSteps: 5,
        fileNames: request.files.map((file) => file.fileName),
        createdBy: request.createdBy,
        // Its calls to svc-ai are made for the starter, whose role svc-ai's notice and budget need.
        createdByRole: caller.role,
      }),
    );
    await appendTaskLog(this.tasks.manager, task.id, received);
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
    const task = UUID.test(request.id) ? await this.tasks.findOneBy({ id: request.id, type: 'course-from-documents' }) : null;
    if (!task || !mayControl(caller, task)) {
      throw rpcError(404, COURSE_CREATION_TASK_NOT_FOUND_MESSAGE);
    }
    return toCreationTask(task);
  }

  /** Moves a task that still runs to its next stage; a cancelled one stops the pipeline (CreationTaskCancelled). */
  async moveTo(taskId: string, stage: Exclude<CourseCreationStage, 'complete' | 'error'>, message: string): Promise<void> {
    const moved = await this.tasks.update(
      { id: taskId, status: In(['queued', 'running']) },
      { stage, status: 'running', progress: COURSE_CREATION_STAGE_PROGRESS[stage], currentStep: message },
    );
    if (!moved.affected) throw new CreationTaskCancelled();
    await this.tasks.query(`UPDATE "courses"."agent_tasks" SET "started_at" = coalesce("started_at", now()) WHERE "id" = $1`, [taskId]);
    await appendTaskLog(this.tasks.manager, taskId, message);
  }

  /** Ends a task that still runs in error, with the reason the person reads. */
  async fail(taskId: string, reason: string): Promise<void> {
    const failed = await this.tasks.update(
      { id: taskId, status: In(['queued', 'running']) },
      { stage: 'error', status: 'failed', progress: COURSE_CREATION_STAGE_PROGRESS.error, error: reason, currentStep: null, endedAt: new Date(), canCancel: false },
    );
    if (failed.affected) await appendTaskLog(this.tasks.manager, taskId, `Failed: ${reason}`);
  }
}
