import { PROGRESS_QUEUED_MESSAGE } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCourseProgressQuery, useRecordLessonProgressMutation } from '../course-progress.api';
import { secondsSpentSince } from '../course-progress';

function isCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/**
 * The signed-in person's progress on the open lesson. Opening a lesson records `started` once
 * (a failure only loses a "last activity" time, so it is logged, not shown); completing it records
 * the seconds since it was opened and says so in a toast. A completion the gateway only queued
 * (svc-progress away) shows as completed here until the progress refetch catches up.
 */
export function useLessonProgress(courseId: string, lessonId: string) {
  const { t } = useTranslation('courses');
  const { data, isLoading } = useGetCourseProgressQuery(courseId);
  const [recordStart] = useRecordLessonProgressMutation();
  const [recordCompletion, completion] = useRecordLessonProgressMutation();
  // `courseId/lessonId` of completions answered 202: recorded later, so the cached progress lacks them.
  const [queuedCompletions, setQueuedCompletions] = useState<ReadonlySet<string>>(() => new Set());
  const openedAt = useRef(0);
  // Survives StrictMode's second effect run, so one opening is one `started`.
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    const opened = `${courseId}/${lessonId}`;
    if (startedFor.current === opened) return;
    startedFor.current = opened;
    openedAt.current = Date.now();
    recordStart({ courseId, lessonId, status: 'started' })
      .unwrap()
      .catch((error: unknown) => {
        // Resetting the store (signing out) cancels the report on purpose; that is not a failure.
        if (isCancelled(error)) return;
        console.error(`Recording that lesson ${lessonId} was opened failed`, toApiError(error));
      });
  }, [courseId, lessonId, recordStart]);

  const markComplete = useCallback(async () => {
    const secondsSpent = secondsSpentSince(openedAt.current, Date.now());
    try {
      const reply = await recordCompletion({ courseId, lessonId, status: 'completed', secondsSpent }).unwrap();
      if (reply.progress !== null) {
        showToast({ kind: 'success', title: t('toasts.lessonCompleted') });
        return;
      }
      setQueuedCompletions((queued) => new Set(queued).add(`${courseId}/${lessonId}`));
      showToast({
        kind: 'success',
        title: t('toasts.lessonCompleted'),
        // The contract's own wording is translated; any other message is shown as the gateway sent it.
        description:
          reply.message === undefined || reply.message === PROGRESS_QUEUED_MESSAGE ? t('toasts.lessonCompletionQueued') : reply.message,
      });
    } catch (error) {
      const failure = toApiError(error);
      showToast({
        kind: 'error',
        title: t('toasts.completeLessonFailed.title'),
        description: failure?.serverMessage ?? failure?.message ?? t('toasts.completeLessonFailed.description'),
      });
    }
  }, [courseId, lessonId, recordCompletion, t]);

  return {
    isCompleted: (data?.progress.completedLessonIds.includes(lessonId) ?? false) || queuedCompletions.has(`${courseId}/${lessonId}`),
    /** Until the first answer it is not known whether the lesson is already completed. */
    isChecking: isLoading,
    isMarking: completion.isLoading,
    markComplete,
  };
}
