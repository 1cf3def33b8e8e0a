import { serverMessageIn, useLanguage } from '@masar/shell/runtime';
import { Alert, Card, Descriptions, Empty, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AGENT_TASKS_POLL_MS, useAgentTaskQuery } from '../agent-tasks.api';
import { durationSeconds } from '../agent-task-presentation';

/** The Task Details panel (spec 001 section 2): type, start, end, duration, error, logs and result. */
export function AgentTaskDetails({ taskId }: { taskId: string | undefined }) {
  const { t } = useTranslation('agents');
  const { language } = useLanguage();
  const { data, isLoading, isError } = useAgentTaskQuery(taskId ?? '', { skip: !taskId, pollingInterval: AGENT_TASKS_POLL_MS });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'medium' });

  let body;
  if (!taskId) body = <Empty description={t('agents.details.none')} />;
  else if (isLoading) body = <Spin />;
  else if (isError || !data) body = <Alert type="error" title={t('agents.details.failed')} />;
  else {
    const { task } = data;
    const seconds = durationSeconds(task);
    body = (
      <>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('agents.details.type')}>{t(`agents.types.${task.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('agents.details.start')}>{task.startTime ? dateTime.format(new Date(task.startTime)) : t('agents.details.notStarted')}</Descriptions.Item>
          <Descriptions.Item label={t('agents.details.end')}>{task.endTime ? dateTime.format(new Date(task.endTime)) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('agents.details.duration')}>
            <span data-testid="agent-task-duration">{seconds === null ? '—' : t('agents.details.seconds', { count: seconds })}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('agents.details.estimate')}>{t('agents.details.seconds', { count: task.estimatedDuration })}</Descriptions.Item>
          {task.error && (
            <Descriptions.Item label={t('agents.details.error')}>
              <Typography.Text type="danger" data-testid="agent-task-error">
                {serverMessageIn(task.error, language)}
              </Typography.Text>
            </Descriptions.Item>
          )}
          {task.result?.courseId && (
            <Descriptions.Item label={t('agents.details.result')}>
              <Link to={`/courses?courseId=${encodeURIComponent(task.result.courseId)}&action=view`} data-testid="agent-task-course">
                {task.result.courseTitle ?? task.result.courseId}
              </Link>
              {task.result.modules !== undefined && task.result.lessons !== undefined && (
                <Typography.Text type="secondary"> {t('agents.details.made', { modules: task.result.modules, lessons: task.result.lessons })}</Typography.Text>
              )}
            </Descriptions.Item>
          )}
        </Descriptions>
        {task.result?.changes && task.result.changes.length > 0 && (
          <List size="small" header={t('agents.details.changes')} dataSource={task.result.changes} renderItem={(change) => <List.Item>{change}</List.Item>} />
        )}
        {task.result?.notes && task.result.notes.length > 0 && (
          <List
            size="small"
            header={t('agents.details.notes')}
            dataSource={task.result.notes}
            renderItem={(note) => <List.Item>{note}</List.Item>}
            data-testid="agent-task-notes"
          />
        )}
        <Typography.Title level={5}>{t('agents.details.logs')}</Typography.Title>
        <ol style={{ maxHeight: 260, overflowY: 'auto', paddingInlineStart: 20, margin: 0 }} data-testid="agent-task-logs">
          {task.logs.map((line, index) => (
            <li key={index}>
              <Typography.Text type="secondary">{time.format(new Date(line.at))}</Typography.Text> {line.message}
            </li>
          ))}
        </ol>
      </>
    );
  }
  return (
    <Card title={t('agents.details.title')} data-testid="agent-task-details">
      {body}
    </Card>
  );
}
