import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  AuditOutlined,
  FileTextOutlined,
  HighlightOutlined,
  PlayCircleOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Agent, AGENT_TASK_STATUSES, AGENTS, type AgentTaskStatus } from '@masar/contracts';
import { readableErrorMessage, useCurrentUser } from '@masar/shell/runtime';
import { Alert, Button, Card, Col, Empty, Flex, Pagination, Row, Select, Spin, Statistic, theme, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQualitySummaryQuery } from '../../quality/quality.api';
import { AGENT_TASKS_PAGE_SIZE, AGENT_TASKS_POLL_MS, useAgentStatsQuery, useListAgentTasksQuery } from '../agent-tasks.api';
import { AgentTaskCard } from './AgentTaskCard';
import { AgentTaskDetails } from './AgentTaskDetails';
import { EnhanceCoursesModal } from './EnhanceCoursesModal';

const AGENT_ICONS: Record<Agent, ReactNode> = {
  'course-creation': <RobotOutlined />,
  'quality-assurance': <SafetyCertificateOutlined />,
  'content-enhancement': <HighlightOutlined />,
};

const STATS = [
  { key: 'total', icon: <UnorderedListOutlined /> },
  { key: 'running', icon: <PlayCircleOutlined /> },
  { key: 'completed', icon: <CheckCircleOutlined /> },
  { key: 'failed', icon: <CloseCircleOutlined /> },
] as const;

/**
 * `/ai-agents`: the background AI tasks the person started (an admin: everybody's), refreshed every
 * 2 seconds, with their controls and details. Every figure is counted from the real tasks.
 */
export function AgentsPage() {
  const { token } = theme.useToken();
  const { t } = useTranslation('agents');
  const navigate = useNavigate();
  const { isAdmin } = useCurrentUser();
  const [status, setStatus] = useState<AgentTaskStatus | undefined>();
  const [agent, setAgent] = useState<Agent | undefined>();
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [enhancing, setEnhancing] = useState(false);
  const stats = useAgentStatsQuery(undefined, { pollingInterval: AGENT_TASKS_POLL_MS });
  const tasks = useListAgentTasksQuery({ status, agent, page }, { pollingInterval: AGENT_TASKS_POLL_MS });
  // The quality figures are an admin's (spec 001 section 9's fixed "247 tests / 98.4%", made real).
  const quality = useQualitySummaryQuery(undefined, { skip: !isAdmin, pollingInterval: AGENT_TASKS_POLL_MS * 5 });
  const filtered = status !== undefined || agent !== undefined;

  let list;
  if (tasks.isLoading) list = <Spin />;
  else if (tasks.isError && !tasks.data)
    list = (
      <Alert
        type="error"
        title={t('agents.activeTasks.failed')}
        description={readableErrorMessage(tasks.error)}
        action={<Button onClick={() => void tasks.refetch()}>{t('agents.retry')}</Button>}
      />
    );
  else if (!tasks.data || tasks.data.items.length === 0)
    list = <Empty description={t(filtered ? 'agents.activeTasks.noMatch' : 'agents.activeTasks.empty')} data-testid="active-tasks-empty" />;
  else
    list = (
      <Flex vertical gap="small">
        {tasks.data.items.map((task) => (
          <AgentTaskCard key={task.id} task={task} selected={task.id === selectedId} onSelect={setSelectedId} />
        ))}
        <Pagination
          current={page}
          pageSize={AGENT_TASKS_PAGE_SIZE}
          total={tasks.data.total}
          onChange={setPage}
          showSizeChanger={false}
          hideOnSinglePage
          style={{ alignSelf: 'center' }}
        />
      </Flex>
    );

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="agents-page">
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('agents.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t(isAdmin ? 'agents.subtitleAdmin' : 'agents.subtitle')}</Typography.Text>
        </div>
        {isAdmin && (
          <Flex gap="small" wrap>
            <Button icon={<FileTextOutlined />} onClick={() => navigate('/ai-agents/prompts')} data-testid="agents-open-prompts">
              {t('agents.openPrompts')}
            </Button>
            <Button icon={<AuditOutlined />} onClick={() => navigate('/ai-agents/governance')} data-testid="agents-open-governance">
              {t('agents.openGovernance')}
            </Button>
          </Flex>
        )}
      </Flex>
      {stats.isError && !stats.data && <Alert type="error" title={t('agents.statsFailed')} description={readableErrorMessage(stats.error)} />}
      <Row gutter={[16, 16]}>
        {STATS.map((stat) => (
          <Col key={stat.key} xs={12} lg={6}>
            <Card data-testid="stat-card">
              <Statistic title={t(`agents.stats.${stat.key}`)} value={stats.data?.[stat.key] ?? '—'} prefix={stat.icon} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        {AGENTS.map((name) => {
          const counts = stats.data?.byAgent[name];
          return (
            <Col key={name} xs={24} lg={8}>
              <Card style={{ height: '100%' }} data-testid="agent-card" data-agent={name}>
                <Flex vertical gap="small">
                  <Flex align="center" gap="small">
                    <span style={{ fontSize: 24, color: '#0f766e' }} aria-hidden>
                      {AGENT_ICONS[name]}
                    </span>
                    <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, margin: 0 }}>
                      {t(`agents.cards.${name}.title`)}
                    </Typography.Title>
                  </Flex>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {t(`agents.cards.${name}.description`)}
                  </Typography.Paragraph>
                  <Typography.Text data-testid="agent-card-counts">
                    {counts ? t('agents.cards.counts', { ...counts }) : '—'}
                  </Typography.Text>
                  {name === 'quality-assurance' && quality.data && (
                    <Typography.Text data-testid="agent-card-quality">
                      {quality.data.passRate === null
                        ? t('agents.cards.quality-assurance.noReviews')
                        : t('agents.cards.quality-assurance.figures', {
                            checks: quality.data.checksRun,
                            passRate: quality.data.passRate,
                            courses: quality.data.coursesReviewed,
                          })}
                    </Typography.Text>
                  )}
                  <Flex gap="small" wrap>
                    <Button
                      size="small"
                      onClick={() => {
                        setAgent(name);
                        setPage(1);
                      }}
                    >
                      {t('agents.cards.showTasks')}
                    </Button>
                    {isAdmin && name === 'course-creation' && (
                      <Button size="small" type="primary" onClick={() => navigate('/courses')} data-testid="agent-start-course-creation">
                        {t('agents.cards.course-creation.start')}
                      </Button>
                    )}
                    {isAdmin && name === 'content-enhancement' && (
                      <Button size="small" type="primary" onClick={() => setEnhancing(true)} data-testid="agent-start-content-enhancement">
                        {t('agents.cards.content-enhancement.start')}
                      </Button>
                    )}
                    {isAdmin && name === 'quality-assurance' && (
                      <Button size="small" type="primary" onClick={() => navigate('/quality')} data-testid="agent-start-quality-assurance">
                        {t('agents.cards.quality-assurance.start')}
                      </Button>
                    )}
                  </Flex>
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            title={t('agents.activeTasks.title')}
            extra={
              <Flex gap="small" wrap>
                <Select<AgentTaskStatus | 'all'>
                  aria-label={t('agents.filters.status')}
                  value={status ?? 'all'}
                  style={{ minWidth: 140 }}
                  onChange={(value) => {
                    setStatus(value === 'all' ? undefined : value);
                    setPage(1);
                  }}
                  options={[
                    { value: 'all', label: t('agents.filters.allStatuses') },
                    ...AGENT_TASK_STATUSES.map((value) => ({ value, label: t(`agents.status.${value}`) })),
                  ]}
                  data-testid="agent-filter-status"
                />
                <Select<Agent | 'all'>
                  aria-label={t('agents.filters.agent')}
                  value={agent ?? 'all'}
                  style={{ minWidth: 180 }}
                  onChange={(value) => {
                    setAgent(value === 'all' ? undefined : value);
                    setPage(1);
                  }}
                  options={[
                    { value: 'all', label: t('agents.filters.allAgents') },
                    ...AGENTS.map((value) => ({ value, label: t(`agents.cards.${value}.title`) })),
                  ]}
                  data-testid="agent-filter-agent"
                />
              </Flex>
            }
          >
            {list}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <AgentTaskDetails taskId={selectedId} />
        </Col>
      </Row>
      {isAdmin && <EnhanceCoursesModal open={enhancing} onClose={() => setEnhancing(false)} />}
    </Flex>
  );
}
