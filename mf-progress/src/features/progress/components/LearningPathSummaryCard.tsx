import { NodeIndexOutlined } from '@ant-design/icons';
import type { LearningPathSummary } from '@masar/contracts';
import { Button, Card, Flex, Progress, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Flex justify="space-between" gap="small" data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong>{value}</Typography.Text>
    </Flex>
  );
}

/** 'Learning Path Summary': the newest path, or the way to create one (never an invented path). */
export function LearningPathSummaryCard({ path }: { path: LearningPathSummary | null }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('progress');
  const navigate = useNavigate();

  return (
    <Card title={t('progress.learningPath.title')} data-testid="learning-path-summary">
      {path ? (
        <Flex vertical gap="small">
          <div>
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, margin: 0 }} dir="auto" data-testid="learning-path-title">
              {path.jobTitle}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="learning-path-months">
              {t('progress.learningPath.months', { count: path.months })}
            </Typography.Text>
          </div>
          <Progress percent={path.percent} size="small" aria-label={t('progress.learningPath.progressLabel', { title: path.jobTitle })} />
          <Figure label={t('progress.learningPath.totalCourses')} value={path.courseCount} testId="learning-path-courses" />
          <Figure label={t('progress.learningPath.completedCourses')} value={path.completedCourseCount} testId="learning-path-completed" />
          <Figure label={t('progress.learningPath.skillsCovered')} value={path.skillsCovered} testId="learning-path-skills" />
          <Link to="/learning-paths" data-testid="learning-path-link">
            <NodeIndexOutlined style={{ marginInlineEnd: 6 }} />
            {t('progress.learningPath.viewPaths')}
          </Link>
        </Flex>
      ) : (
        <Flex vertical gap="middle" align="start" data-testid="learning-path-none">
          <Typography.Text type="secondary">{t('progress.learningPath.none')}</Typography.Text>
          <Button type="primary" onClick={() => navigate('/')} data-testid="learning-path-create">
            {t('progress.learningPath.create')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
