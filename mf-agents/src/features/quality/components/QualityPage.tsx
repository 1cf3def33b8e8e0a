import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { AgentTask } from '@masar/contracts';
import { agentTaskTitleIn, showToast, toApiError, useLanguage } from '@masar/shell/runtime';
import { Alert, Button, Card, Empty, Flex, Skeleton, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFollowedReview } from '../hooks/useFollowedReview';
import { useQualitySummaryQuery, useStartQualityReviewMutation } from '../quality.api';
import { QualityCoursesTable } from './QualityCoursesTable';
import { QualityFigures } from './QualityFigures';
import { ReviewTaskBanner } from './ReviewTaskBanner';

function isRunning(task: AgentTask | undefined): boolean {
  return task !== undefined && (task.status === 'queued' || task.status === 'running' || task.status === 'paused');
}

/**
 * `/quality` (admins): the Quality Assurance agent's real figures, each reviewed course's report
 * with links to its lessons, and reviews on demand, followed until they end.
 */
export function QualityPage() {
  const { token } = theme.useToken();
  const { t } = useTranslation('quality');
  const { language } = useLanguage();
  const { currentData: summary, isError, refetch } = useQualitySummaryQuery();
  const [startReview, { isLoading: starting }] = useStartQualityReviewMutation();
  const [taskId, setTaskId] = useState<string>();
  const followed = useFollowedReview(taskId);
  const busy = starting || isRunning(followed.task);

  const review = async (courseId?: string) => {
    try {
      const { task } = await startReview(courseId ? { courseId } : {}).unwrap();
      setTaskId(task.id);
      showToast({ kind: 'success', title: t('started'), description: agentTaskTitleIn(task, language) });
    } catch (error) {
      showToast({ kind: 'error', title: t('errors.start', { message: toApiError(error)?.message ?? '' }) });
    }
  };

  const reviewAllButton = (
    <Button type="primary" icon={<SafetyCertificateOutlined />} loading={busy} onClick={() => void review()} data-testid="quality-review-all">
      {t('reviewAll')}
    </Button>
  );

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="quality-page">
      <Flex justify="space-between" align="start" wrap gap="middle">
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        {reviewAllButton}
      </Flex>
      <ReviewTaskBanner task={followed.task} lost={followed.lost} />
      {isError ? (
        <Alert
          type="error"
          showIcon
          data-testid="quality-error"
          title={t('errors.load')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('errors.retry')}
            </Button>
          }
        />
      ) : !summary ? (
        <Card data-testid="quality-loading" aria-label={t('loading')}>
          <Skeleton active />
        </Card>
      ) : summary.coursesReviewed === 0 ? (
        <Card>
          <Empty
            image={<SafetyCertificateOutlined style={{ fontSize: 56, color: '#bfbfbf' }} />}
            data-testid="quality-empty"
            description={
              <>
                <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('emptyTitle')}</Typography.Title>
                <Typography.Text type="secondary">{t('emptyHint')}</Typography.Text>
              </>
            }
          >
            <Link to="/ai-agents">{t('openAgents')}</Link>
          </Empty>
        </Card>
      ) : (
        <>
          <QualityFigures summary={summary} />
          <Card title={t('courses.title')}>
            <QualityCoursesTable onRerun={(courseId) => void review(courseId)} rerunDisabled={busy} />
          </Card>
        </>
      )}
    </Flex>
  );
}
