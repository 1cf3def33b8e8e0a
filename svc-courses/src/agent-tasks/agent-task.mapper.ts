import { AGENT_OF_TASK_TYPE, type AgentTask as AgentTaskShape, type AgentTaskSummary } from '@masar/contracts';
import { AgentTask } from './entities/agent-task.entity';

/** A task row as the control center's list shows it (no log). */
export function toAgentTaskSummary(row: AgentTask): AgentTaskSummary {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    agent: AGENT_OF_TASK_TYPE[row.type],
    status: row.status,
    progress: row.progress,
    currentStep: row.currentStep,
    // A control is only offered where it can still act.
    canPause: row.canPause && row.status === 'running',
    canCancel: row.canCancel && (row.status === 'queued' || row.status === 'running' || row.status === 'paused'),
    startTime: row.startedAt?.toISOString() ?? null,
    endTime: row.endedAt?.toISOString() ?? null,
    estimatedDuration: row.estimatedDuration,
    error: row.error,
    result: row.result,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A task row with its log, for the details panel and every control's answer. */
export function toAgentTask(row: AgentTask): AgentTaskShape {
  return { ...toAgentTaskSummary(row), logs: row.logs };
}
