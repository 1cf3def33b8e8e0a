import type { UpdateLearningPathBody } from '@masar/contracts';
import { showToast, toApiError, type AppDispatch } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { learningPathsApi, useDeleteLearningPathMutation, useUpdateLearningPathMutation } from '../learning-paths.api';

export interface LearningPathChanges {
  /** Sends one change; resolves whether the server accepted it. Toasts either way. */
  change: (changes: UpdateLearningPathBody) => Promise<boolean>;
  /** Deletes the path, toasts and goes back to `/learning-paths`. */
  remove: () => Promise<void>;
  /** A change or a deletion is on its way: every control that sends one waits. */
  pending: boolean;
}

function failureText(error: unknown): string | undefined {
  const failure = toApiError(error);
  // The server's own words ("That course is already in this learning path") when it sent some.
  return failure?.serverMessage ?? failure?.message;
}

/** The store cancelled the call itself (its cache was reset as the session ended): nothing to tell. */
function wasCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/** Re-plans or deletes one learning path, keeping the cached list in step with the server's answer. */
export function useLearningPathChanges(pathId: string): LearningPathChanges {
  const { t } = useTranslation('learningPaths');
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const [updateLearningPath, update] = useUpdateLearningPathMutation();
  const [deleteLearningPath, deletion] = useDeleteLearningPathMutation();

  const change = async (changes: UpdateLearningPathBody): Promise<boolean> => {
    try {
      const replanned = await updateLearningPath({ id: pathId, changes }).unwrap();
      // The list refetches anyway; writing the answer in now means the controls, enabled again,
      // never act on the order from before the change.
      dispatch(
        learningPathsApi.util.updateQueryData('listLearningPaths', undefined, (paths) =>
          paths.map((path) => (path.id === replanned.id ? replanned : path)),
        ),
      );
      showToast({ kind: 'success', title: t('toasts.updated') });
      return true;
    } catch (error) {
      if (!wasCancelled(error)) showToast({ kind: 'error', title: t('toasts.updateFailed'), description: failureText(error) });
      return false;
    }
  };

  const remove = async (): Promise<void> => {
    try {
      await deleteLearningPath(pathId).unwrap();
      dispatch(
        learningPathsApi.util.updateQueryData('listLearningPaths', undefined, (paths) => paths.filter((path) => path.id !== pathId)),
      );
      showToast({ kind: 'success', title: t('toasts.deleted') });
      navigate('/learning-paths');
    } catch (error) {
      if (!wasCancelled(error)) showToast({ kind: 'error', title: t('toasts.deleteFailed'), description: failureText(error) });
    }
  };

  return { change, remove, pending: update.isLoading || deletion.isLoading };
}
