import type { CourseReply } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** True when a published course came back from a change as a draft: svc-courses does that when new lessons still need work. */
function movedBackToDraft(reply: unknown, wasPublished: boolean): boolean {
  return wasPublished && (reply as Partial<CourseReply> | undefined)?.course?.publication?.status === 'draft';
}

/**
 * Runs one structure change and says how it went: a success toast, or a failure toast with the
 * service's own message (a 400's, 404's or 409's reason). A published course that the change moved
 * back to draft (its new lessons still need work) gets a warning instead of the success toast, so
 * the admin knows learners no longer see it. Answers whether it worked.
 */
export function useStructureChange() {
  const { t } = useTranslation('courses');
  return useCallback(
    async (change: () => Promise<unknown>, done: string, { wasPublished = false }: { wasPublished?: boolean } = {}): Promise<boolean> => {
      try {
        const reply = await change();
        if (movedBackToDraft(reply, wasPublished)) {
          showToast({ kind: 'warning', title: t('structure.toasts.backToDraftTitle'), description: t('structure.toasts.backToDraft') });
        } else {
          showToast({ kind: 'success', title: t(`structure.toasts.${done}`) });
        }
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
