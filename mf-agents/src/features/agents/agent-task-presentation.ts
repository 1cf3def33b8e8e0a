import type { AgentTaskStatus, AgentTaskSummary } from '@masar/contracts';

/** Spec 001 section 4: running, completed, failed and paused have their own look; any other status is neutral. */
export function statusColor(status: AgentTaskStatus): string {
  switch (status) {
    case 'running':
      return 'processing';
    case 'completed':
      return 'success';
    case 'failed':
      return 'error';
    case 'paused':
      return 'warning';
    default:
      return 'default';
  }
}

/** Whole seconds from the start to the end, or to now while it runs; null before it started. */
export function durationSeconds(task: Pick<AgentTaskSummary, 'startTime' | 'endTime'>, now: number = Date.now()): number | null {
  if (!task.startTime) return null;
  const end = task.endTime ? Date.parse(task.endTime) : now;
  return Math.max(0, Math.round((end - Date.parse(task.startTime)) / 1000));
}

/** Spec 001 section 4: Pause only while running and pausable, Resume while paused, Cancel while cancellable. */
export function offeredControls(task: Pick<AgentTaskSummary, 'status' | 'canPause' | 'canCancel'>): Array<'pause' | 'resume' | 'cancel'> {
  const controls: Array<'pause' | 'resume' | 'cancel'> = [];
  if (task.status === 'running' && task.canPause) controls.push('pause');
  if (task.status === 'paused') controls.push('resume');
  if (task.canCancel) controls.push('cancel');
  return controls;
}
