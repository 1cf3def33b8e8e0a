import { BookOutlined, HomeOutlined, NodeIndexOutlined, PercentageOutlined, TagsOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StatCard } from '../../../components/StatCard';
import { useCountAvailableCoursesQuery } from '../dashboard.api';

/** Shown where a figure has no source yet: never an invented number. */
const NO_FIGURE = '—';

/** `/dashboard` (admins only; the shell guards the route and the gateway the calls). */
export function DashboardPage() {
  const { t } = useTranslation('progress');
  const navigate = useNavigate();
  const { data: availableCourses } = useCountAvailableCoursesQuery();

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="dashboard-page">
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('dashboard.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('dashboard.subtitle')}</Typography.Text>
        </div>
        <Button icon={<HomeOutlined />} onClick={() => navigate('/')}>
          {t('dashboard.home')}
        </Button>
      </Flex>
      <Alert type="info" showIcon title={t('dashboard.figuresNote')} data-testid="dashboard-figures-note" />
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <StatCard title={t('dashboard.stats.activeLearningPaths')} value={NO_FIGURE} icon={<NodeIndexOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('dashboard.stats.skillsMapped')} value={NO_FIGURE} icon={<TagsOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            title={t('dashboard.stats.availableCourses')}
            value={availableCourses ?? NO_FIGURE}
            icon={<BookOutlined />}
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('dashboard.stats.completionRate')} value={NO_FIGURE} icon={<PercentageOutlined />} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.recentPaths.title')} style={{ height: '100%' }}>
            <Empty description={t('dashboard.recentPaths.empty')} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.activity.title')} style={{ height: '100%' }}>
            <Empty description={t('dashboard.activity.empty')} />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
