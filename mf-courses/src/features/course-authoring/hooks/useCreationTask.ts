import type { CourseCreationStage, CourseCreationTask } from '@masar/contracts';
import { toApiError, type ApiError } from '@masar/shell/runtime';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useGetCourseCreationTaskQuery } from '../course-authoring.api';

/** How often a running creation task is asked for its stage. */
export const CREATION_TASK_POLL_MS = 1000;

const FINAL_STAGES: readonly CourseCreationStage[] = ['complete', 'error'];

export function isFinalStage(stage: CourseCreationStage): boolean {
  return FINAL_STAGES.includes(stage);
}

/** A 4xx will not change by asking again (the task is unknown or someone else's); a 5xx or a lost connection may. */
export function isClientError(failure: ApiError | undefined): failure is ApiError {
  return typeof failure?.status === 'number' && failure.status >= 400 && failure.status < 500;
}

export interface FollowedCreationTask {
  /** The task as last answered; undefined until the first answer. */
  task: CourseCreationTask | undefined;
  /** Set when the task cannot be followed any more (4xx); passing failures are retried by the next poll. */
  failure: ApiError | undefined;
}

/**
 * Follows a creation task: `GET /api/courses/creation-tasks/:id` every `pollIntervalMs` until it
 * is complete or has failed. No id, no calls.
 */
export function useCreationTask(taskId: string | undefined, pollIntervalMs = CREATION_TASK_POLL_MS): FollowedCreationTask {
  const [finishedTaskId, setFinishedTaskId] = useState<string>();
  const finished = taskId !== undefined && finishedTaskId === taskId;
  const { currentData, error } = useGetCourseCreationTaskQuery(taskId ?? skipToken, {
    pollingInterval: finished ? 0 : pollIntervalMs,
    skipPollingIfUnfocused: false,
  });
  const task = currentData?.task;
  const failure = toApiError(error);
  const stopped = (task !== undefined && isFinalStage(task.stage)) || isClientError(failure);

  useEffect(() => {
    if (taskId !== undefined && stopped) setFinishedTaskId(taskId);
  }, [taskId, stopped]);

  return { task, failure: isClientError(failure) ? failure : undefined };
}
