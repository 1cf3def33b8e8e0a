import {
  AGENT_OF_TASK_TYPE,
  AGENT_TASK_NOT_CANCELLABLE_MESSAGE,
  AGENT_TASK_NOT_FOUND_MESSAGE,
  AGENT_TASK_NOT_PAUSABLE_MESSAGE,
  AGENT_TASK_NOT_PAUSED_MESSAGE,
  AGENT_TASK_NOT_RUNNING_MESSAGE,
  agentTaskFinishedMessage,
  type AgentCounts,
  type AgentStats,
  type AgentTask as AgentTaskShape,
  type AgentTaskPage,
  type AgentTaskType,
  AGENTS,
  type Caller,
  COURSES_QUEUES,
  isAdminCaller,
  isFinishedAgentTask,
  type ListAgentTasksQuery,
  taskTypesOfAgent,
} from '@masar/contracts';
import { currentRequestId, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import { Logger } from 'pino';
import { DataSource, type EntityManager, type FindOptionsWhere, In } from 'typeorm';
import { appendTaskLog } from './agent-task-log';
import { toAgentTask, toAgentTaskSummary } from './agent-task.mapper';
import { AgentTaskWorkers } from './agent-task-worker';
import { AgentTask } from './entities/agent-task.entity';
import type { TaskStarter } from './task-starter';

/** The Bull job of one run of a step-wise task: a resume is a new run with a new id. */
export interface AgentTaskJob {
  taskId: string;
  runId: string;
  /** The request that started (or resumed) it, so its log lines and svc-ai calls carry its id. */
  requestId?: string;
}

export const AGENT_QUEUE_UNAVAILABLE = 'The AI agents are unavailable right now (their queue cannot be reached); please try again';

/** Until a type has finished tasks to learn from, each step is expected to take this long. */
const DEFAULT_STEP_SECONDS = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewAgentTask {
  type: AgentTaskType;
  title: string;
  /** Whose task it is: they see and control it, and its calls to svc-ai are made for them. */
  startedBy: TaskStarter;
  input?: Record<string, unknown>;
  totalSteps: number;
  canPause: boolean;
  currentStep: string;
}

/** The columns the list reads: never a task's log, input or checkpoint. */
const SUMMARY_COLUMNS: (keyof AgentTask)[] = [
  'id', 'type', 'title', 'status', 'progress', 'currentStep', 'canPause', 'canCancel', 'startedAt', 'endedAt',
  'estimatedDuration', 'error', 'result', 'createdBy', 'createdAt', 'updatedAt',
];

/**
 * Agent tasks as people see and control them. A learner sees and controls the tasks they started,
 * an admin all; anybody else's id answers 404 like a missing one. Every control locks the task row,
 * so it and the run's step commits (which lock it too) never interleave.
 */
@Injectable()
export class AgentTasksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(COURSES_QUEUES.AGENT_TASKS) private readonly queue: Queue<AgentTaskJob>,
    private readonly workers: AgentTaskWorkers,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Rows for new step-wise tasks, in the caller's transaction; queue them with `queueRuns` once it commits. */
  async create(manager: EntityManager, tasks: NewAgentTask[]): Promise<AgentTask[]> {
    const created: AgentTask[] = [];
    for (const task of tasks) {
      const estimatedDuration = await this.estimateSeconds(manager, task.type, task.totalSteps);
      const row = await manager.save(
        manager.create(AgentTask, {
          type: task.type,
          title: task.title,
          status: 'queued',
          progress: 0,
          currentStep: task.currentStep,
          canPause: task.canPause,
          canCancel: true,
          estimatedDuration,
          input: task.input ?? {},
          totalSteps: task.totalSteps,
          runId: randomUUID(),
          createdBy: task.startedBy.id,
          createdByRole: task.startedBy.role,
        }),
      );
      await appendTaskLog(manager, row.id, 'Queued');
      created.push(row);
    }
    return created;
  }

  /** Queues each task's current run; when the queue cannot be reached, the tasks are taken back. */
  async queueRuns(tasks: AgentTask[], jobName: string): Promise<AgentTaskShape[]> {
    try {
      for (const task of tasks) await this.addRun(task, jobName);
    } catch (error) {
      this.logger.error({ err: error, taskIds: tasks.map((task) => task.id) }, 'could not queue agent tasks');
      await this.dataSource.getRepository(AgentTask).delete({ id: In(tasks.map((task) => task.id)) });
      await Promise.all(tasks.map((task) => this.queue.removeJobs(jobIdOf(task)).catch(() => undefined)));
      throw rpcError(503, AGENT_QUEUE_UNAVAILABLE);
    }
    return this.fetchAll(tasks.map((task) => task.id));
  }

  async list(caller: Caller, query: ListAgentTasksQuery): Promise<AgentTaskPage> {
    const where: FindOptionsWhere<AgentTask> = {
      ...(isAdminCaller(caller) ? {} : { createdBy: caller.id }),
      ...(query.status ? { status: query.status } : {}),
      ...(query.agent ? { type: In(taskTypesOfAgent(query.agent)) } : {}),
    };
    const [rows, total] = await this.dataSource.getRepository(AgentTask).findAndCount({
      select: SUMMARY_COLUMNS,
      where,
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    });
    return { items: rows.map(toAgentTaskSummary), total, page: query.page, pageSize: query.pageSize };
  }

  async get(caller: Caller, id: string): Promise<AgentTaskShape> {
    const task = UUID.test(id) ? await this.dataSource.getRepository(AgentTask).findOneBy({ id }) : null;
    if (!task || !mayControl(caller, task)) throw rpcError(404, AGENT_TASK_NOT_FOUND_MESSAGE);
    return toAgentTask(task);
  }

  async stats(caller: Caller): Promise<AgentStats> {
    const rows = await this.dataSource.query<Array<{ type: AgentTaskType; status: string; count: string }>>(
      `SELECT "type", "status", count(*) AS count FROM "courses"."agent_tasks"
        WHERE $1::uuid IS NULL OR "created_by" = $1 GROUP BY "type", "status"`,
      [isAdminCaller(caller) ? null : caller.id],
    );
    const empty = (): AgentCounts => ({ total: 0, running: 0, completed: 0, failed: 0 });
    const overall = empty();
    const byAgent = Object.fromEntries(AGENTS.map((agent) => [agent, empty()])) as AgentStats['byAgent'];
    for (const row of rows) {
      const count = Number(row.count);
      for (const counts of [overall, byAgent[AGENT_OF_TASK_TYPE[row.type]]]) {
        counts.total += count;
        if (row.status === 'running' || row.status === 'completed' || row.status === 'failed') counts[row.status] += count;
      }
    }
    return { ...overall, byAgent };
  }

  /** Stops at the next step boundary: what is done stays, in the checkpoint. */
  pause(caller: Caller, id: string): Promise<AgentTaskShape> {
    return this.control(caller, id, async (manager, task) => {
      if (!task.canPause) throw rpcError(409, AGENT_TASK_NOT_PAUSABLE_MESSAGE);
      if (task.status !== 'running') throw rpcError(409, AGENT_TASK_NOT_RUNNING_MESSAGE);
      await manager.update(AgentTask, { id: task.id }, { status: 'paused' });
      await appendTaskLog(manager, task.id, `Pause asked for ${byWhom(caller, task)}: stopping once "${task.currentStep ?? 'the current step'}" is done`);
    });
  }

  /** A new run continues from the last finished step; the old run, if still busy, can no longer write. */
  async resume(caller: Caller, id: string): Promise<AgentTaskShape> {
    let jobName = '';
    const runId = randomUUID();
    const resumed = await this.control(caller, id, async (manager, task) => {
      if (task.status !== 'paused') throw rpcError(409, AGENT_TASK_NOT_PAUSED_MESSAGE);
      const worker = this.workers.get(jobNameOf(task));
      if (!worker) throw rpcError(409, AGENT_TASK_NOT_PAUSED_MESSAGE);
      jobName = worker.jobName;
      await manager.update(AgentTask, { id: task.id }, { status: 'queued', runId });
      await appendTaskLog(manager, task.id, `Resumed ${byWhom(caller, task)}: continues with step ${task.nextStep + 1} of ${task.totalSteps}`);
    });
    try {
      await this.addRun({ id, runId }, jobName);
    } catch (error) {
      this.logger.error({ err: error, taskId: id }, 'could not queue a resumed agent task');
      await this.dataSource.transaction(async (manager) => {
        await manager.update(AgentTask, { id, runId }, { status: 'paused' });
        await appendTaskLog(manager, id, 'Could not resume: the queue cannot be reached');
      });
      throw rpcError(503, AGENT_QUEUE_UNAVAILABLE);
    }
    return resumed;
  }

  /** Ends the task at once and drops its checkpoint: nothing it half made was written anywhere else. */
  cancel(caller: Caller, id: string): Promise<AgentTaskShape> {
    return this.control(caller, id, async (manager, task) => {
      if (!task.canCancel) throw rpcError(409, AGENT_TASK_NOT_CANCELLABLE_MESSAGE);
      const made = task.nextStep > 0 ? ` (${task.nextStep} of ${task.totalSteps} steps were done and have been discarded)` : '';
      await manager.update(
        AgentTask,
        { id: task.id },
        { status: 'cancelled', endedAt: new Date(), checkpoint: null, canPause: false, canCancel: false, currentStep: null },
      );
      await appendTaskLog(manager, task.id, `Cancelled ${byWhom(caller, task)}${made}`);
    });
  }

  private async control(
    caller: Caller,
    id: string,
    change: (manager: EntityManager, task: AgentTask) => Promise<void>,
  ): Promise<AgentTaskShape> {
    if (!UUID.test(id)) throw rpcError(404, AGENT_TASK_NOT_FOUND_MESSAGE);
    await this.dataSource.transaction(async (manager) => {
      const task = await manager.findOne(AgentTask, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!task || !mayControl(caller, task)) throw rpcError(404, AGENT_TASK_NOT_FOUND_MESSAGE);
      if (isFinishedAgentTask(task.status)) throw rpcError(409, agentTaskFinishedMessage(task.status));
      await change(manager, task);
    });
    return this.get(caller, id);
  }

  private addRun(task: Pick<AgentTask, 'id' | 'runId'>, jobName: string): Promise<unknown> {
    return this.queue.add(
      jobName,
      { taskId: task.id, runId: task.runId!, requestId: currentRequestId() },
      { jobId: jobIdOf(task), removeOnComplete: true, removeOnFail: 100 },
    );
  }

  private async fetchAll(ids: string[]): Promise<AgentTaskShape[]> {
    const rows = await this.dataSource.getRepository(AgentTask).findBy({ id: In(ids) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => (byId.has(id) ? [toAgentTask(byId.get(id)!)] : []));
  }

  /** The median running time of the type's last 20 completed tasks, scaled to this one's steps. */
  private async estimateSeconds(manager: EntityManager, type: AgentTaskType, totalSteps: number): Promise<number> {
    const [row] = await manager.query<Array<{ per_step: number | null }>>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds / steps) AS per_step
         FROM (SELECT extract(epoch FROM "ended_at" - "started_at") AS seconds, "total_steps" AS steps
                 FROM "courses"."agent_tasks"
                WHERE "type" = $1 AND "status" = 'completed' AND "started_at" IS NOT NULL AND "ended_at" IS NOT NULL
                ORDER BY "ended_at" DESC LIMIT 20) recent`,
      [type],
    );
    const perStep = row?.per_step ?? DEFAULT_STEP_SECONDS;
    return Math.max(1, Math.ceil(perStep * totalSteps));
  }
}

/** A task is its starter's: only they, and admins, may see and control it. */
export function mayControl(caller: Caller, task: Pick<AgentTask, 'createdBy'>): boolean {
  return isAdminCaller(caller) || task.createdBy === caller.id;
}

function byWhom(caller: Caller, task: AgentTask): string {
  return caller.id === task.createdBy ? 'by its starter' : 'by an admin';
}

function jobIdOf(task: Pick<AgentTask, 'id' | 'runId'>): string {
  return `${task.id}:${task.runId}`;
}

/** Step-wise task types queue under their own type name. */
function jobNameOf(task: AgentTask): string {
  return task.type;
}
