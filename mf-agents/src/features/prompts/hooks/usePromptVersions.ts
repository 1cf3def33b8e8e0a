import { PROMPT_NOT_FOUND_MESSAGE, type PromptTemplate, type PromptVersionEntry } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { usePromptVersionsQuery, useRestorePromptVersionMutation } from '../prompts.api';

/** A template's versions, newest first, and restoring one (as a new version) with its toasts. */
export function usePromptVersions(template: PromptTemplate) {
  const { t } = useTranslation('prompts');
  const versions = usePromptVersionsQuery(template.id);
  const [restoreMutation, { isLoading: isRestoring }] = useRestorePromptVersionMutation();

  const restore = async (version: PromptVersionEntry): Promise<void> => {
    try {
      const restored = await restoreMutation({ id: template.id, version: version.version }).unwrap();
      showToast({
        kind: 'success',
        title: t('toasts.restored'),
        description: t('toasts.restoredDescription', { version: version.version, newVersion: restored.version }),
      });
    } catch (caught) {
      const error = toApiError(caught);
      if (error?.status === 404 && error.serverMessage === PROMPT_NOT_FOUND_MESSAGE) {
        showToast({ kind: 'error', title: t('toasts.notFound') });
        return;
      }
      showToast({ kind: 'error', title: t('toasts.restoreFailed'), description: error?.serverMessage ?? error?.message });
    }
  };

  return { versions: versions.data?.items ?? [], isLoading: versions.isLoading, error: toApiError(versions.error), restore, isRestoring };
}
