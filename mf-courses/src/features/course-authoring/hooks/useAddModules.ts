import { ADD_MODULES_DEFAULTS } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddModulesMutation } from '../course-authoring.api';

/**
 * Spec 001 sections 8 and 9: Add Modules adds 2 modules of 2 lessons; success says "Modules Added,
 * Successfully added 2 modules with 4 lessons to the course" with the numbers the server added,
 * failure "Error, Failed to add modules to course". The course detail refreshes from its tag. A
 * published course whose new lessons still need work comes back as a draft (svc-courses): the same
 * message then comes as a warning that says learners no longer see the course.
 */
export function useAddModules() {
  const { t } = useTranslation('courses');
  const [addModules, state] = useAddModulesMutation();

  const addTo = useCallback(
    async (courseId: string, { wasPublished = false }: { wasPublished?: boolean } = {}) => {
      try {
        const { course, modulesAdded, lessonsAdded } = await addModules({ courseId, ...ADD_MODULES_DEFAULTS }).unwrap();
        const added = t('toasts.modulesAdded.description', { modules: modulesAdded, lessons: lessonsAdded });
        const backToDraft = wasPublished && course.publication?.status === 'draft';
        showToast({
          kind: backToDraft ? 'warning' : 'success',
          title: t('toasts.modulesAdded.title'),
          description: backToDraft ? `${added}. ${t('toasts.modulesAdded.backToDraft')}` : added,
        });
      } catch (error) {
        const failure = toApiError(error);
        const reason = failure?.serverMessage ?? failure?.message;
        showToast({
          kind: 'error',
          title: t('toasts.addModulesFailed.title'),
          description: reason
            ? t('toasts.addModulesFailed.withReason', { reason })
            : t('toasts.addModulesFailed.description'),
        });
      }
    },
    [addModules, t],
  );

  return { addModulesTo: addTo, isAdding: state.isLoading };
}
