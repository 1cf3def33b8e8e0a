import type { LearningPath, SkillLevel } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { useSaveSelfAssessmentMutation } from '../../progress/progress.api';

export interface GapSelfAssessment {
  /** Saves the learner's own level in a gap's skill (`label`: its name as shown), then re-plans the path at once. */
  assess: (skill: string, level: SkillLevel, label: string) => Promise<void>;
  saving: boolean;
}

/**
 * The learner's self-assessment (`PUT /api/learner-skills`, the one 'Assess my skills' uses) for one
 * gap, followed by a re-plan of the path (`PATCH` with its own weekly budget), which measures the gaps
 * again at the new level. `replan` is the path's change call, which toasts the re-plan's result.
 */
export function useGapSelfAssessment(
  path: Pick<LearningPath, 'weeklyHours'>,
  replan: (changes: { weeklyHours: number }) => Promise<boolean>,
): GapSelfAssessment {
  const { t } = useTranslation('learningPaths');
  const [saveSelfAssessment, { isLoading: saving }] = useSaveSelfAssessmentMutation();

  const assess = async (skill: string, level: SkillLevel, label: string): Promise<void> => {
    try {
      await saveSelfAssessment({ skills: [{ skill, level }] }).unwrap();
    } catch (error) {
      const failure = toApiError(error);
      showToast({ kind: 'error', title: t('gaps.assess.failed', { skill: label }), description: failure?.serverMessage ?? failure?.message });
      return;
    }
    await replan({ weeklyHours: path.weeklyHours });
  };

  return { assess, saving };
}
