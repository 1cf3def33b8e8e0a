import { showToast, toApiError, type ApiError } from '@masar/shell/runtime';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmedSkillsHandoff } from '../job-description-workflow.remote';
import { useGenerateLearningPathMutation } from '../learning-paths.api';

function isCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/**
 * The spec's "<status>: <message>", with the server's own message rather than its whole JSON body
 * when it sent one (`400: Please select at least one skill`).
 */
function describeFailure(error: ApiError | undefined): string {
  if (!error) return '';
  if (typeof error.status === 'number' && error.serverMessage) return `${error.status}: ${error.serverMessage}`;
  return error.message;
}

/**
 * The hand-off from a confirmed skill review to learning-path generation: mf-jobroles has saved
 * the reviewed set (or used the built-in sample skills, `jobDescriptionId: null`), and this
 * generates the path with `POST /api/learning-paths/generate`. The review modal awaits the promise
 * ('Generating Path...'); a failure is toasted and rethrown, so the modal stays open for another try.
 */
export function useConfirmedSkillsHandoff(): (handoff: ConfirmedSkillsHandoff) => Promise<void> {
  const { t } = useTranslation('shell');
  const [generateLearningPath] = useGenerateLearningPathMutation();

  return useCallback(
    async ({ jobDescriptionId, jobTitle, confirmedSkills }: ConfirmedSkillsHandoff) => {
      try {
        const { learningPath } = await generateLearningPath({ jobDescriptionId, jobTitle, confirmedSkills }).unwrap();
        const summary = t('toasts.learningPathGenerated.description', {
          courses: learningPath.courses.length,
          months: learningPath.monthsNeeded,
          jobTitle: learningPath.jobTitle,
        });
        const uncovered = learningPath.uncoveredSkills.length;
        showToast({
          kind: 'success',
          title: t('toasts.learningPathGenerated.title'),
          description: uncovered > 0 ? `${summary} ${t('toasts.learningPathGenerated.uncovered', { skills: uncovered })}` : summary,
        });
      } catch (error) {
        // Resetting the store (signing out) cancels the call on purpose; that is not a failure to report.
        if (isCancelled(error)) throw error;
        showToast({
          kind: 'error',
          title: t('toasts.learningPathFailed.title'),
          description: t('toasts.learningPathFailed.description', { message: describeFailure(toApiError(error)) }),
        });
        throw error;
      }
    },
    [generateLearningPath, t],
  );
}
