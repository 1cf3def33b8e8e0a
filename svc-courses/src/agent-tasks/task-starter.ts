import { type Caller, SYSTEM_CALLER_ID, type UserRole } from '@masar/contracts';
import type { AgentTask } from './entities/agent-task.entity';

/** Who a task is for: the person who started it (a Caller), or Masar itself (MASAR_ITSELF, no role). */
export interface TaskStarter {
  id: string;
  role: UserRole | null;
}

/** Masar's own work (reviewing the seeded catalog): no person, so its calls to svc-ai name nobody. */
export const MASAR_ITSELF: TaskStarter = { id: SYSTEM_CALLER_ID, role: null };

/**
 * Whom a queued task's calls to svc-ai are made for: the person who started it, as the request that
 * started it would have named them (svc-ai applies their notice and budget and logs the call as
 * theirs), or nobody for Masar's own tasks.
 */
export function aiCallerOf(task: Pick<AgentTask, 'createdBy' | 'createdByRole'>): Caller | null {
  return callerOfStarter(starterOf(task));
}

export function callerOfStarter(starter: TaskStarter): Caller | null {
  return starter.role ? { id: starter.id, role: starter.role } : null;
}

/** The task's starter, to start the tasks that follow from it (a review after an enhancement) as theirs too. */
export function starterOf(task: Pick<AgentTask, 'createdBy' | 'createdByRole'>): TaskStarter {
  return { id: task.createdBy, role: task.createdByRole };
}
