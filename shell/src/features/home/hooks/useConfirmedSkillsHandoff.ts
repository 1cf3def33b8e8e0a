import { showToast } from '@masar/shell/runtime';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmedSkillsHandoff } from '../job-description-workflow.remote';

/**
 * The hand-off from a confirmed skill review to learning-path generation. mf-jobroles has saved
 * the reviewed set when this runs. The learning-path feature turns the hand-off into
 * `POST /api/learning-paths/generate` here; until then the home page confirms what was saved.
 */
export function useConfirmedSkillsHandoff(): (handoff: ConfirmedSkillsHandoff) => void {
  const { t } = useTranslation('shell');
  return useCallback(
    ({ jobDescriptionId, jobTitle, confirmedSkills }: ConfirmedSkillsHandoff) => {
      if (jobDescriptionId === null) {
        showToast({ kind: 'info', title: t('toasts.sampleSkillsConfirmed.title'), description: t('toasts.sampleSkillsConfirmed.description') });
        return;
      }
      showToast({
        kind: 'success',
        title: t('toasts.skillsSaved.title'),
        description: t('toasts.skillsSaved.description', { jobTitle, total: confirmedSkills.length }),
      });
    },
    [t],
  );
}
