import { COURSES_QUEUES } from '@masar/contracts';
import { LOGGER, runWithDeadline, runWithRequestId } from '@masar/contracts/service-kit';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bull';
import { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { COURSES_CONFIG, CoursesConfig } from '../../config';
import { taskFailureReason } from '../task-failure-reason';
import { appendTaskLog } from '../agent-task-log';
import { AgentTaskWorker, AgentTaskWorkers } from '../agent-task-worker';
import type { AgentTaskJob } from '../agent-tasks.service';
import { AgentTask } from '../entities/agent-task.entity';

/**
 * Bull's lock on a run in progress, renewed every half of it. When an instance dies mid-task the
 * lock lapses and the stalled-job check hands the run to a live instance (or the restarted one),
 * which continues from the task's last finished step.
 */
export const AGENT_TASK_LOCK_MS = 15_000;
export const AGENT_TASK_STALLED_CHECK_MS = 5_000;

type Checkpoint = Record<string, unknown>;

/**
 * Runs step-wise agent tasks. Each step's result is committed with the task row locked and only
 * while the run is still the task's current run and the task is running (or paused, which stops
 * it right after): a cancelled task or a run a resume replaced writes nothing more.
 */
@Injectable()
export class AgentTasksProcessor implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(COURSES_QUEUES.AGENT_TASKS) private readonly queue: Queue<AgentTaskJob>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workers: AgentTaskWorkers,
    @Inject(COURSES_CONFIG) private readonly config: CoursesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.queue.process('*', this.config.agentTaskConcurrency, (job: Job<AgentTaskJob>) =>
      // No caller waits on a queued task: only svc-courses' own limits apply to its calls to svc-ai.
      runWithDeadline(undefined, () => runWithRequestId(job.data.requestId, () => this.run(job.name, job.data))),
    );
  }

  async run(jobName: string, { taskId, runId }: AgentTaskJob): Promise<void> {
    const worker = this.workers.get(jobName);
    if (!worker) {
      this.logger.error({ jobName, taskId }, 'no worker for this agent task type');
      return;
    }
    const task = await this.begin(taskId, runId, worker);
    if (!task) return;
    let checkpoint = task.checkpoint;
    for (let index = task.nextStep; index < task.totalSteps; index += 1) {
      try {
        if (index === task.totalSteps - 1) {
          await this.finish(worker, task, runId, checkpoint ?? {});
          return;
        }
        const outcome = await worker.runStep(index, task, checkpoint);
        const nextLabel = worker.stepLabel(index + 1, task, outcome.checkpoint);
        if (!(await this.commitStep(task, runId, index, outcome.checkpoint, [outcome.log, ...(outcome.notes ?? [])], nextLabel))) return;
        checkpoint = outcome.checkpoint;
      } catch (error) {
        await this.fail(task, runId, taskFailureReason(error), error);
        return;
      }
    }
  }

  /** Marks the run as working, or answers null when it has no business running (ended, replaced, paused). */
  private begin(taskId: string, runId: string, worker: AgentTaskWorker<Checkpoint>): Promise<AgentTask | null> {
    return this.dataSource.transaction(async (manager) => {
      const task = await manager.findOne(AgentTask, { where: { id: taskId }, lock: { mode: 'pessimistic_write' } });
      if (!task || task.runId !== runId || (task.status !== 'queued' && task.status !== 'running')) return null;
      const from = `step ${task.nextStep + 1} of ${task.totalSteps}`;
      const line =
        task.status === 'running'
          ? `Resumed after an interruption (the service restarted), from ${from}; the finished steps are kept`
          : task.startedAt
            ? `Running again from ${from}`
            : 'Started';
      const startedAt = task.startedAt ?? new Date();
      const currentStep = worker.stepLabel(task.nextStep, task, task.checkpoint);
      await manager.update(AgentTask, { id: taskId }, { status: 'running', startedAt, currentStep });
      await appendTaskLog(manager, taskId, line);
      return { ...task, status: 'running', startedAt, currentStep };
    });
  }

  /** Commits one step; false when the run must stop (paused after it, cancelled, or replaced). */
  private commitStep(task: AgentTask, runId: string, index: number, checkpoint: Checkpoint, log: string[], nextLabel: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockOwnRun(manager, task.id, runId);
      if (!current) return false;
      const nextStep = index + 1;
      const paused = current.status === 'paused';
      await manager.update(
        AgentTask,
        { id: task.id },
        // jsonb columns: TypeORM's partial type cannot follow their open shape.
        { checkpoint, nextStep, progress: Math.floor((100 * nextStep) / task.totalSteps), currentStep: nextLabel } as QueryDeepPartialEntity<AgentTask>,
      );
      await appendTaskLog(
        manager,
        task.id,
        ...log,
        ...(paused ? [`Paused after step ${nextStep} of ${task.totalSteps}; resuming continues with: ${nextLabel}`] : []),
      );
      return !paused;
    });
  }

  private async finish(worker: AgentTaskWorker<Checkpoint>, task: AgentTask, runId: string, checkpoint: Checkpoint): Promise<void> {
    const finished = await this.dataSource.transaction(async (manager) => {
      const current = await this.lockOwnRun(manager, task.id, runId);
      if (!current) return null;
      const { result, log } = await worker.finish(manager, task, checkpoint);
      await manager.update(
        AgentTask,
        { id: task.id },
        {
          status: 'completed',
          progress: 100,
          result,
          endedAt: new Date(),
          nextStep: task.totalSteps,
          checkpoint: null,
          currentStep: null,
          canPause: false,
          canCancel: false,
        } as QueryDeepPartialEntity<AgentTask>,
      );
      await appendTaskLog(manager, task.id, log, 'Completed');
      return result;
    });
    if (finished && worker.afterFinish) {
      await worker.afterFinish(task, finished).catch((error: unknown) =>
        this.logger.warn({ err: error, taskId: task.id }, 'agent task finished, but what follows it failed'),
      );
    }
  }

  private async fail(task: AgentTask, runId: string, reason: string, error: unknown): Promise<void> {
    this.logger.warn({ err: error, taskId: task.id, type: task.type }, 'agent task failed');
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.lockOwnRun(manager, task.id, runId))) return;
      await manager.update(
        AgentTask,
        { id: task.id },
        { status: 'failed', error: reason, endedAt: new Date(), checkpoint: null, currentStep: null, canPause: false, canCancel: false },
      );
      await appendTaskLog(manager, task.id, `Failed: ${reason}`);
    });
  }

  /** The task row, locked, when this run may still write it (running, or paused and stopping at this boundary). */
  private async lockOwnRun(manager: EntityManager, taskId: string, runId: string): Promise<AgentTask | null> {
    const task = await manager.findOne(AgentTask, { where: { id: taskId }, lock: { mode: 'pessimistic_write' } });
    if (!task || task.runId !== runId || (task.status !== 'running' && task.status !== 'paused')) return null;
    return task;
  }
}
