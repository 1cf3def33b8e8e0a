import { toApiError } from '@masar/shell/runtime';
import { Card, Col, Flex, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { StatCardsSkeleton } from '../../../components/StatCardsSkeleton';
import { useGetProgressOverviewQuery } from '../progress.api';
import { CourseProgressList } from './CourseProgressList';
import { LearningPathSummaryCard } from './LearningPathSummaryCard';
import { MySkillsCard } from './MySkillsCard';
import { ProgressHeader } from './ProgressHeader';
import { ProgressStats } from './ProgressStats';
import { RecentAchievementsCard } from './RecentAchievementsCard';
import { UpcomingDeadlinesCard } from './UpcomingDeadlinesCard';

function ProgressSkeleton() {
  return (
    <Flex vertical gap="large" data-testid="progress-loading">
      <StatCardsSkeleton />
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    </Flex>
  );
}

/** `/progress`: the signed-in learner's real progress, as svc-progress computed it from their lessons. */
export function ProgressPage() {
  const { t } = useTranslation('progress');
  const { data: overview, error, isLoading, refetch } = useGetProgressOverviewQuery();

  let body;
  if (isLoading) body = <ProgressSkeleton />;
  else if (!overview) {
    body = <LoadFailedAlert title={t('progress.loadFailed')} failure={toApiError(error)} onRetry={() => void refetch()} />;
  } else {
    const removedCourseIds = new Set(overview.courses.filter((course) => course.removed).map((course) => course.courseId));
    body = (
      <>
        <ProgressStats overview={overview} />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={15}>
            <CourseProgressList courses={overview.courses} />
          </Col>
          <Col xs={24} lg={9}>
            <Flex vertical gap="middle">
              <LearningPathSummaryCard path={overview.learningPath} />
              <UpcomingDeadlinesCard deadlines={overview.upcomingDeadlines} removedCourseIds={removedCourseIds} />
              <RecentAchievementsCard achievements={overview.achievements} />
              <MySkillsCard />
            </Flex>
          </Col>
        </Row>
      </>
    );
  }

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="progress-page">
      <ProgressHeader />
      {body}
    </Flex>
  );
}
