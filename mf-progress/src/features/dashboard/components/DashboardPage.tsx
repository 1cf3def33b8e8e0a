import { BookOutlined, HomeOutlined, NodeIndexOutlined, PercentageOutlined, TagsOutlined } from '@ant-design/icons';
import type { AdminStats } from '@masar/contracts';
import { toApiError } from '@masar/shell/runtime';
import { Button, Card, Col, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { StatCard } from '../../../components/StatCard';
import { StatCardsSkeleton } from '../../../components/StatCardsSkeleton';
import { useGetAdminStatsQuery } from '../dashboard.api';
import { RecentLearningPathsCard } from './RecentLearningPathsCard';
import { SystemActivityCard } from './SystemActivityCard';

function DashboardSkeleton() {
  return (
    <Flex vertical gap="large" data-testid="dashboard-loading">
      <StatCardsSkeleton />
      <Row gutter={[16, 16]}>
        {[0, 1].map((card) => (
          <Col key={card} xs={24} lg={12}>
            <Card>
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

function DashboardFigures({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation('progress');
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <StatCard title={t('dashboard.stats.activeLearningPaths')} value={stats.activeLearningPaths} icon={<NodeIndexOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('dashboard.stats.skillsMapped')} value={stats.skillsMapped} icon={<TagsOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('dashboard.stats.availableCourses')} value={stats.availableCourses} icon={<BookOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('dashboard.stats.completionRate')} value={stats.completionRate} suffix="%" icon={<PercentageOutlined />} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <RecentLearningPathsCard paths={stats.recentLearningPaths} />
        </Col>
        <Col xs={24} lg={12}>
          <SystemActivityCard activity={stats.systemActivity} />
        </Col>
      </Row>
    </>
  );
}

/** `/dashboard` (admins only; the shell guards the route and the gateway answers anyone else 403). */
export function DashboardPage() {
  const { t } = useTranslation('progress');
  const navigate = useNavigate();
  const { data: stats, error, isLoading, refetch } = useGetAdminStatsQuery();
  const failure = toApiError(error);

  let body;
  if (isLoading) body = <DashboardSkeleton />;
  else if (stats) body = <DashboardFigures stats={stats} />;
  else if (failure?.status === 403) {
    body = (
      <Result status="403" title={t('dashboard.forbidden.title')} subTitle={t('dashboard.forbidden.hint')} data-testid="dashboard-forbidden" />
    );
  } else body = <LoadFailedAlert title={t('dashboard.loadFailed')} failure={failure} onRetry={() => void refetch()} />;

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="dashboard-page">
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('dashboard.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('dashboard.subtitle')}</Typography.Text>
        </div>
        <Button icon={<HomeOutlined />} onClick={() => navigate('/')} data-testid="dashboard-home">
          {t('dashboard.home')}
        </Button>
      </Flex>
      {body}
    </Flex>
  );
}
