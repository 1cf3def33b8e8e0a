import type { AgentTaskResult } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AgentTask } from './entities/agent-task.entity';

/** What one finished step leaves for the next ones, and the log line that says what it did. */
export interface StepOutcome<C> {
  checkpoint: C;
  log: string;
  /** Lines logged after `log` in the same commit: what the step could not do and why. */
  notes?: string[];
}

/**
 * A step-wise agent task type. Steps 0 … totalSteps − 2 run outside any transaction and hand
 * their result on through the checkpoint (kept in the task row, so a resumed run continues from
 * it); the last step, `finish`, writes what the task made in the transaction that completes it.
 * Nothing is written anywhere else before `finish`: cancelling only has to drop the checkpoint.
 */
export interface AgentTaskWorker<C = Record<string, unknown>> {
  /** The Bull job name (AGENT_TASK_JOBS) its runs are queued under. */
  readonly jobName: string;
  /** What step `index` does, as the task's current step reads. */
  stepLabel(index: number, task: AgentTask, checkpoint: C | null): string;
  runStep(index: number, task: AgentTask, checkpoint: C | null): Promise<StepOutcome<C>>;
  finish(manager: EntityManager, task: AgentTask, checkpoint: C): Promise<{ result: AgentTaskResult; log: string }>;
  /** Runs once the completion has committed (news for other services); its failure is only logged. */
  afterFinish?(task: AgentTask, result: AgentTaskResult): Promise<void>;
}

/** The step-wise task types this instance can run, by job name; each domain registers its own. */
@Injectable()
export class AgentTaskWorkers {
  private readonly workers = new Map<string, AgentTaskWorker<never>>();

  register<C>(worker: AgentTaskWorker<C>): void {
    this.workers.set(worker.jobName, worker as unknown as AgentTaskWorker<never>);
  }

  get(jobName: string): AgentTaskWorker<Record<string, unknown>> | undefined {
    return this.workers.get(jobName) as AgentTaskWorker<Record<string, unknown>> | undefined;
  }
}
