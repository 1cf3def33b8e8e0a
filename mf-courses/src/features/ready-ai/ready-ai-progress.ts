import { isFinishedAgentTask, type AgentTask } from '@masar/contracts';

/** A Ready AI task as the dialog last saw it. */
export interface FollowedReadyAiTask {
  task: AgentTask;
  /** Set when the task can no longer be followed (the gateway answered 4xx): the server's reason. */
  lostReason?: string;
}

export function hasEnded({ task, lostReason }: FollowedReadyAiTask): boolean {
  return lostReason !== undefined || isFinishedAgentTask(task.status);
}

/** Why a task made no course, for "Error: <message>"; undefined while it has not failed. */
export function failureOf({ task, lostReason }: FollowedReadyAiTask): string | undefined {
  if (lostReason !== undefined) return lostReason;
  return task.status === 'failed' ? (task.error ?? '') : undefined;
}

/** A completed task's course, which the dialog links to. */
export interface CreatedCourse {
  taskId: string;
  courseId: string;
  title: string;
}

export interface ReadyAiOutcome {
  /** The mean progress of the tasks, 0 to 100. */
  overallPercent: number;
  created: CreatedCourse[];
  failed: number;
  cancelled: number;
  /** Every task has completed, failed, been cancelled or can no longer be followed. */
  ended: boolean;
}

export function summarizeReadyAi(followed: readonly FollowedReadyAiTask[]): ReadyAiOutcome {
  const created = followed.flatMap(({ task }) =>
    task.status === 'completed' && task.result?.courseId
      ? [{ taskId: task.id, courseId: task.result.courseId, title: task.result.courseTitle ?? task.title }]
      : [],
  );
  const total = followed.reduce((sum, { task }) => sum + task.progress, 0);
  return {
    overallPercent: followed.length === 0 ? 0 : Math.round(total / followed.length),
    created,
    failed: followed.filter((entry) => failureOf(entry) !== undefined).length,
    cancelled: followed.filter(({ task, lostReason }) => lostReason === undefined && task.status === 'cancelled').length,
    ended: followed.length > 0 && followed.every(hasEnded),
  };
}
