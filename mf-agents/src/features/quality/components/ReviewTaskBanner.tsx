import type { AgentTask } from '@masar/contracts';
import { agentTaskStepIn, agentTaskTitleIn, serverMessageIn, useLanguage } from '@masar/shell/runtime';
import { Alert, Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/** How the review this page started is going, until it ends; then how it ended. */
export function ReviewTaskBanner({ task, lost }: { task: AgentTask | undefined; lost: boolean }) {
  const { t } = useTranslation('quality');
  const { language } = useLanguage();
  if (lost) return <Alert type="warning" showIcon title={t('task.lost')} data-testid="quality-task" />;
  if (!task) return null;
  const title = agentTaskTitleIn(task, language);
  const ended = task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled';
  const type = task.status === 'completed' ? 'success' : task.status === 'failed' ? 'error' : task.status === 'cancelled' ? 'warning' : 'info';
  return (
    <Alert
      type={type}
      showIcon
      data-testid="quality-task"
      title={t(`task.${task.status}`, { title, error: task.error ? serverMessageIn(task.error, language) : '' })}
      description={
        ended ? undefined : (
          <>
            <Progress percent={task.progress} size="small" aria-label={t('task.progressLabel', { title })} />
            {task.currentStep ? t('task.progress', { progress: task.progress, step: agentTaskStepIn(task.currentStep, language) }) : null}
          </>
        )
      }
    />
  );
}
