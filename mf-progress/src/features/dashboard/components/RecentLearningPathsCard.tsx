import type { RecentLearningPath } from '@masar/contracts';
import { Card, Empty, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleFormatting } from '../../../components/useLocaleFormatting';

/** 'Recent Learning Paths': the newest paths generated across the organisation. */
export function RecentLearningPathsCard({ paths }: { paths: readonly RecentLearningPath[] }) {
  const { t } = useTranslation('progress');
  const { formatDate } = useLocaleFormatting();

  return (
    <Card title={t('dashboard.recentPaths.title')} style={{ height: '100%' }} data-testid="recent-paths">
      {paths.length === 0 ? (
        <Empty description={t('dashboard.recentPaths.empty')} />
      ) : (
        <Flex vertical gap="middle" component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {paths.map((path) => (
            <li key={path.id} data-testid="recent-path">
              <Flex justify="space-between" align="baseline" gap="small" wrap>
                <Typography.Text strong dir="auto" data-testid="recent-path-title">
                  {path.jobTitle}
                </Typography.Text>
                <Typography.Text type="secondary" data-testid="recent-path-created">
                  {t('dashboard.recentPaths.created', { date: formatDate(path.createdAt) })}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" data-testid="recent-path-courses">
                {t('dashboard.recentPaths.courses', { count: path.courseCount })}
              </Typography.Text>
              <Progress percent={path.percent} size="small" aria-label={t('dashboard.recentPaths.progressLabel', { title: path.jobTitle })} />
            </li>
          ))}
        </Flex>
      )}
    </Card>
  );
}
