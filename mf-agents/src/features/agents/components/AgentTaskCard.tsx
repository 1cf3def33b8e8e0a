import type { AgentTaskSummary } from '@masar/contracts';
import { agentTaskStepIn, agentTaskTitleIn, serverMessageIn, useLanguage } from '@masar/shell/runtime';
import { Button, Card, Flex, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { offeredControls, statusColor } from '../agent-task-presentation';
import { useAgentTaskControl } from '../hooks/useAgentTaskControl';

interface AgentTaskCardProps {
  task: AgentTaskSummary;
  selected: boolean;
  onSelect: (id: string) => void;
}

/** One task of the list: status, title, progress and current step, with the controls it offers. */
export function AgentTaskCard({ task, selected, onSelect }: AgentTaskCardProps) {
  const { t } = useTranslation('agents');
  const { language } = useLanguage();
  const title = agentTaskTitleIn(task, language);
  const { run, pending, pendingId } = useAgentTaskControl();
  const busy = pending && pendingId === task.id;
  return (
    <Card
      size="small"
      hoverable
      onClick={() => onSelect(task.id)}
      style={selected ? { borderColor: '#0f766e' } : undefined}
      data-testid="agent-task"
      data-status={task.status}
    >
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }} onClick={() => onSelect(task.id)} aria-pressed={selected}>
            <Typography.Text strong data-testid="agent-task-title">
              {title}
            </Typography.Text>
          </Button>
          <Space size={4}>
            <Tag>{t(`agents.types.${task.type}`)}</Tag>
            <Tag color={statusColor(task.status)} data-testid="agent-task-status">
              {t(`agents.status.${task.status}`)}
            </Tag>
          </Space>
        </Flex>
        <Progress percent={task.progress} size="small" status={task.status === 'failed' ? 'exception' : undefined} aria-label={t('agents.progressOf', { title })} />
        <Typography.Text type="secondary" data-testid="agent-task-step">
          {task.status === 'failed'
            ? task.error && serverMessageIn(task.error, language)
            : task.currentStep
              ? agentTaskStepIn(task.currentStep, language)
              : t(`agents.status.${task.status}`)}
        </Typography.Text>
        <Space wrap onClick={(event) => event.stopPropagation()}>
          {offeredControls(task).map((control) => (
            <Button
              key={control}
              size="small"
              danger={control === 'cancel'}
              loading={busy}
              onClick={() => void run(task.id, control)}
              data-testid={`agent-task-${control}`}
            >
              {t(`agents.controls.${control}`)}
            </Button>
          ))}
        </Space>
      </Flex>
    </Card>
  );
}
