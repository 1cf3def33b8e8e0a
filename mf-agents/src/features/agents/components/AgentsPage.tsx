import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  ExperimentOutlined,
  HighlightOutlined,
  PlayCircleOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Card, Col, Empty, Flex, Row, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AgentDescription {
  key: 'courseCreation' | 'qualityAssurance' | 'contentEnhancement';
  icon: ReactNode;
}

const AGENTS: AgentDescription[] = [
  { key: 'courseCreation', icon: <RobotOutlined /> },
  { key: 'qualityAssurance', icon: <SafetyCertificateOutlined /> },
  { key: 'contentEnhancement', icon: <HighlightOutlined /> },
];

/**
 * `/ai-agents`. The task queue arrives with the AI service; until then there are no tasks,
 * so every count is a true zero and no agent shows invented figures.
 */
export function AgentsPage() {
  const { t } = useTranslation('agents');
  const stats = [
    { key: 'total', icon: <UnorderedListOutlined /> },
    { key: 'running', icon: <PlayCircleOutlined /> },
    { key: 'completed', icon: <CheckCircleOutlined /> },
    { key: 'failed', icon: <CloseCircleOutlined /> },
  ];

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="agents-page">
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('agents.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('agents.subtitle')}</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        {stats.map((stat) => (
          <Col key={stat.key} xs={12} lg={6}>
            <Card data-testid="stat-card">
              <Statistic title={t(`agents.stats.${stat.key}`)} value={0} prefix={stat.icon} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        {AGENTS.map((agent) => (
          <Col key={agent.key} xs={24} lg={8}>
            <Card style={{ height: '100%' }} data-testid="agent-card">
              <Flex vertical gap="small">
                <Flex align="center" gap="small">
                  <span style={{ fontSize: 24, color: '#0f766e' }} aria-hidden>
                    {agent.icon}
                  </span>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {t(`agents.cards.${agent.key}.title`)}
                  </Typography.Title>
                </Flex>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t(`agents.cards.${agent.key}.description`)}
                </Typography.Paragraph>
                <div>
                  <Tag icon={<ExperimentOutlined />}>{t('agents.noTasksYet')}</Tag>
                </div>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('agents.activeTasks.title')}>
        <Empty description={t('agents.activeTasks.empty')} data-testid="active-tasks-empty" />
      </Card>
    </Flex>
  );
}
