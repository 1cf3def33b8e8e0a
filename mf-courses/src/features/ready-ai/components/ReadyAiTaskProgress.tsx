import type { AgentTaskStatus } from '@masar/contracts';
import { agentTaskStepIn, serverMessageIn, useLanguage } from '@masar/shell/runtime';
import { Alert, Card, Flex, Progress, Tag, Typography } from 'antd';
import type { ProgressProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureOf, hasEnded, type FollowedReadyAiTask } from '../ready-ai-progress';

/** Spec 001 section 4: running, completed, failed and paused have their look; any other status is neutral. */
const STATUS_COLORS: Partial<Record<AgentTaskStatus, string>> = {
  running: 'processing',
  paused: 'warning',
  completed: 'success',
  failed: 'error',
};

function progressStatus(status: AgentTaskStatus, failed: boolean): ProgressProps['status'] {
  if (failed) return 'exception';
  if (status === 'completed') return 'success';
  return status === 'running' ? 'active' : 'normal';
}

function useEstimate(seconds: number): string {
  const { t } = useTranslation('courses');
  if (seconds < 60) return t('readyAi.progress.estimateUnderMinute');
  return t('readyAi.progress.estimateMinutes', { count: Math.ceil(seconds / 60) });
}

/** One picked course as its task stands: status, progress, the step under way, and why it failed. */
export function ReadyAiTaskProgress({ followed }: { followed: FollowedReadyAiTask }) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const { task } = followed;
  const failure = failureOf(followed);
  const ended = hasEnded(followed);
  const estimate = useEstimate(task.estimatedDuration);

  return (
    <Card size="small" data-testid="ready-ai-task" data-status={task.status}>
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Text strong dir="auto" data-testid="ready-ai-task-title">
            {task.title}
          </Typography.Text>
          <Tag color={STATUS_COLORS[task.status]} data-testid="ready-ai-task-status">
            {t(`readyAi.status.${task.status}`)}
          </Tag>
        </Flex>
        <Progress
          percent={task.progress}
          status={progressStatus(task.status, failure !== undefined)}
          aria-label={t('readyAi.progress.courseLabel', { title: task.title })}
          data-testid="ready-ai-task-progress"
        />
        {!ended && task.currentStep && (
          <Typography.Text type="secondary" dir="auto" data-testid="ready-ai-task-step">
            {agentTaskStepIn(task.currentStep, language)}
          </Typography.Text>
        )}
        {!ended && (
          <Typography.Text type="secondary" data-testid="ready-ai-task-estimate">
            {estimate}
          </Typography.Text>
        )}
        {task.status === 'completed' && task.result?.modules !== undefined && task.result.lessons !== undefined && (
          <Typography.Text type="secondary" data-testid="ready-ai-task-made">
            {t('readyAi.progress.made', { modules: task.result.modules, lessons: task.result.lessons })}
          </Typography.Text>
        )}
        {failure !== undefined && (
          <Alert
            type="error"
            showIcon
            title={<span dir="auto">{t('readyAi.progress.error', { message: failure ? serverMessageIn(failure, language) : t('readyAi.progress.noReason') })}</span>}
            data-testid="ready-ai-task-error"
          />
        )}
      </Flex>
    </Card>
  );
}
