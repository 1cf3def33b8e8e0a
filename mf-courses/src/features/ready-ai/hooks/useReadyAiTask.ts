import { isFinishedAgentTask } from '@masar/contracts';
import { toApiError } from '@masar/shell/runtime';
import { useEffect, useState } from 'react';
import { isClientError } from '../../course-authoring/hooks/useCreationTask';
import type { FollowedReadyAiTask } from '../ready-ai-progress';
import { useReadyAiTaskQuery } from '../ready-ai.api';

/** Spec 001 section 9 ticks the Ready AI progress every second; the real tasks are asked as often. */
export const READY_AI_POLL_MS = 1000;

/**
 * Asks for one Ready AI task every `pollIntervalMs` until it has ended, and hands each new state to
 * `onChange`. A 4xx (the task is gone) ends the following; a 5xx or a lost connection is asked again.
 */
export function useReadyAiTask(
  started: FollowedReadyAiTask['task'],
  onChange: (followed: FollowedReadyAiTask) => void,
  pollIntervalMs = READY_AI_POLL_MS,
): void {
  const [stopped, setStopped] = useState(false);
  const { currentData, error } = useReadyAiTaskQuery(started.id, {
    pollingInterval: stopped ? 0 : pollIntervalMs,
    skipPollingIfUnfocused: false,
  });
  // Until the first answer, the task is as the starting call described it.
  const task = currentData?.task ?? started;
  const failure = toApiError(error);
  const lostReason = isClientError(failure) ? (failure.serverMessage ?? failure.message) : undefined;
  const ended = isFinishedAgentTask(task.status) || lostReason !== undefined;

  useEffect(() => {
    if (ended) setStopped(true);
  }, [ended]);

  useEffect(() => {
    // A task that can no longer be followed keeps its last state on screen, with the reason.
    onChange(lostReason === undefined ? { task } : { task, lostReason });
  }, [onChange, task, lostReason]);
}
