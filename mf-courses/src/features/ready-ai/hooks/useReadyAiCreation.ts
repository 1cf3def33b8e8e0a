import type { CategoryCourse } from '@masar/contracts';
import { showToast, toApiError, useAiNotice } from '@masar/shell/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { coursesApi, COURSE_LIST_TAG } from '../../courses/courses.api';
import { summarizeReadyAi, type FollowedReadyAiTask } from '../ready-ai-progress';
import { useStartReadyAiMutation } from '../ready-ai.api';

export type ReadyAiFlow =
  | { step: 'selecting' }
  /** The start call is out: the Create button waits. */
  | { step: 'starting' }
  /** The gateway refused or could not start the tasks: nothing runs. */
  | { step: 'start-failed'; message: string }
  | { step: 'following'; tasks: FollowedReadyAiTask[] };

/**
 * Ready AI creation (spec 001 sections 4 and 8): starts one task per picked course, then keeps the
 * tasks as their followers report them. Each completed course refreshes the course lists; once every
 * task has ended, one toast says how it went.
 */
export function useReadyAiCreation() {
  const { t } = useTranslation('courses');
  const dispatch = useDispatch();
  const [startReadyAi] = useStartReadyAiMutation();
  const { ensureAccepted } = useAiNotice();
  const [flow, setFlow] = useState<ReadyAiFlow>({ step: 'selecting' });
  const refreshedFor = useRef(new Set<string>());
  const announced = useRef(false);

  const start = useCallback(
    async (selection: readonly CategoryCourse[]) => {
      if (!(await ensureAccepted())) return; // AI writes these courses: the AI-use notice comes first
      setFlow({ step: 'starting' });
      refreshedFor.current = new Set();
      announced.current = false;
      try {
        const { tasks } = await startReadyAi({ selectedCourses: selection.map(({ id, title }) => ({ id, title })) }).unwrap();
        setFlow({ step: 'following', tasks: tasks.map((task) => ({ task })) });
      } catch (error) {
        const failure = toApiError(error);
        showToast({ kind: 'error', title: t('readyAi.toasts.failed.title'), description: t('readyAi.toasts.failed.description') });
        setFlow({ step: 'start-failed', message: failure?.serverMessage ?? failure?.message ?? '' });
      }
    },
    [ensureAccepted, startReadyAi, t],
  );

  /** What a follower saw; an answer that changes nothing leaves the state as it is. */
  const report = useCallback((update: FollowedReadyAiTask) => {
    setFlow((current) => {
      if (current.step !== 'following') return current;
      const known = current.tasks.find((entry) => entry.task.id === update.task.id);
      if (!known || (known.task === update.task && known.lostReason === update.lostReason)) return current;
      return { ...current, tasks: current.tasks.map((entry) => (entry === known ? update : entry)) };
    });
  }, []);

  const following = flow.step === 'following' ? flow.tasks : undefined;
  useEffect(() => {
    if (!following) return;
    const outcome = summarizeReadyAi(following);
    const fresh = outcome.created.filter((course) => !refreshedFor.current.has(course.taskId));
    if (fresh.length > 0) {
      for (const course of fresh) refreshedFor.current.add(course.taskId);
      dispatch(coursesApi.util.invalidateTags([COURSE_LIST_TAG]));
    }
    if (!outcome.ended || announced.current) return;
    announced.current = true;
    if (outcome.failed > 0) {
      showToast({ kind: 'error', title: t('readyAi.toasts.failed.title'), description: t('readyAi.toasts.failed.description') });
    } else if (outcome.created.length > 0) {
      showToast({
        kind: 'success',
        title: t('readyAi.toasts.created.title'),
        description: t('readyAi.toasts.created.description', { count: outcome.created.length }),
      });
    } else {
      showToast({ kind: 'info', title: t('readyAi.toasts.cancelled.title'), description: t('readyAi.toasts.cancelled.description') });
    }
  }, [dispatch, following, t]);

  return {
    flow,
    start,
    report,
    /** Back to picking (the dialog was closed, or the person goes back after a refusal); running tasks go on. */
    reset: useCallback(() => setFlow({ step: 'selecting' }), []),
  };
}
