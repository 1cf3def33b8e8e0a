import type { StartEnhancementBody } from '@masar/contracts';
import { agentTaskTitleIn, showToast, readableErrorMessage, useLanguage } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { useStartEnhancementMutation } from '../agent-tasks.api';

/** Starts the Content Enhancement agent and says how it went in a toast; answers whether it started. */
export function useStartEnhancement() {
  const { t } = useTranslation('agents');
  const { language } = useLanguage();
  const [start, { isLoading }] = useStartEnhancementMutation();
  const enhance = async (body: StartEnhancementBody): Promise<boolean> => {
    try {
      const { tasks } = await start(body).unwrap();
      showToast({ kind: 'success', title: t('agents.cards.content-enhancement.started'), description: tasks.map((task) => agentTaskTitleIn(task, language)).join(' · ') });
      return true;
    } catch (error) {
      showToast({ kind: 'error', title: t('agents.cards.content-enhancement.failed'), description: readableErrorMessage(error) });
      return false;
    }
  };
  return { enhance, starting: isLoading };
}
