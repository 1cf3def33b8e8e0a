import { isFinishedAgentTask, type AgentTask } from '@masar/contracts';
import { toApiError } from '@masar/shell/runtime';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { QUALITY_TAG, qualityApi, useQualityReviewTaskQuery } from '../quality.api';

/** How often a started review is asked how it is going (the spec's control center polls every 2 seconds). */
export const REVIEW_TASK_POLL_MS = 2000;

export interface FollowedReview {
  task: AgentTask | undefined;
  /** The task could not be read (a 4xx: it is gone); polling stops. */
  lost: boolean;
}

/**
 * Follows the review task this page started until it ends, then refreshes every figure and report
 * (they changed). No id, no calls.
 */
export function useFollowedReview(taskId: string | undefined, pollIntervalMs = REVIEW_TASK_POLL_MS): FollowedReview {
  const dispatch = useDispatch();
  const [endedTaskId, setEndedTaskId] = useState<string>();
  const ended = taskId !== undefined && endedTaskId === taskId;
  const { currentData, error } = useQualityReviewTaskQuery(taskId ?? skipToken, {
    pollingInterval: ended ? 0 : pollIntervalMs,
    skipPollingIfUnfocused: false,
  });
  const task = currentData?.task;
  const failure = toApiError(error);
  const lost = typeof failure?.status === 'number' && failure.status >= 400 && failure.status < 500;
  const finished = task !== undefined && isFinishedAgentTask(task.status);

  useEffect(() => {
    if (taskId === undefined || ended || !(finished || lost)) return;
    setEndedTaskId(taskId);
    if (finished) dispatch(qualityApi.util.invalidateTags([QUALITY_TAG]));
  }, [taskId, ended, finished, lost, dispatch]);

  return { task, lost };
}
