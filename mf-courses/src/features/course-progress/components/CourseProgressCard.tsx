import { Card, Flex, Progress, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CourseProgressView } from '../hooks/useCourseProgress';

/** Spec: "A Course Progress bar showing the percent of lessons completed across all modules". */
export function CourseProgressCard({ progress }: { progress: CourseProgressView }) {
  const { t } = useTranslation('courses');
  if (progress.status === 'none') return null;

  return (
    <Card size="small" data-testid="course-progress" aria-busy={progress.status === 'loading'}>
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="baseline" gap="small" wrap>
          <Typography.Text strong>{t('progress.title')}</Typography.Text>
          {progress.status === 'ready' && (
            <Typography.Text type="secondary" data-testid="course-progress-count">
              {t('progress.lessonsCompleted', { completed: progress.completed, total: progress.total })}
            </Typography.Text>
          )}
        </Flex>
        {progress.status === 'loading' && (
          <div data-testid="course-progress-loading">
            <Skeleton.Input active block size="small" style={{ height: 8, minHeight: 8 }} />
          </div>
        )}
        {progress.status === 'unavailable' && (
          <>
            <Progress percent={0} showInfo={false} status="normal" aria-hidden />
            <Typography.Text type="secondary" data-testid="course-progress-unavailable">
              {t('progress.unavailable')}
            </Typography.Text>
          </>
        )}
        {progress.status === 'ready' && (
          <Progress
            percent={progress.percent}
            status={progress.percent === 100 ? 'success' : 'normal'}
            format={(percent) => t('progress.percent', { percent })}
            aria-label={t('progress.title')}
            data-testid="course-progress-bar"
          />
        )}
      </Flex>
    </Card>
  );
}
