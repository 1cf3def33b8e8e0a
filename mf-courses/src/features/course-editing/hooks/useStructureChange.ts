import { showToast, toApiError } from '@masar/shell/runtime';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Runs one structure change and says how it went: a success toast, or a failure toast with the
 * service's own message (a 400's, 404's or 409's reason). Answers whether it worked.
 */
export function useStructureChange() {
  const { t } = useTranslation('courses');
  return useCallback(
    async (change: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await change();
        showToast({ kind: 'success', title: t(`structure.toasts.${done}`) });
        return true;
      } catch (error) {
        const failure = toApiError(error);
        showToast({ kind: 'error', title: t('structure.toasts.failed'), description: failure?.serverMessage ?? failure?.message });
        return false;
      }
    },
    [t],
  );
}
