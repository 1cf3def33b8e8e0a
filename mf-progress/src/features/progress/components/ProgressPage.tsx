import { CheckCircleOutlined, ClockCircleOutlined, HomeOutlined, PieChartOutlined, SyncOutlined } from '@ant-design/icons';
import { useCurrentUser } from '@masar/shell/runtime';
import { Avatar, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StatCard } from '../../../components/StatCard';

/** The first letter of the first name, or 'U' (spec document 2, section 2). */
export function initialOf(firstName: string | undefined): string {
  const first = firstName?.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : 'U';
}

/**
 * `/progress`. Progress records arrive with the progress service; until a learner has
 * courses the figures are truly zero and the empty state says so.
 */
export function ProgressPage() {
  const { t } = useTranslation('progress');
  const navigate = useNavigate();
  const { user } = useCurrentUser();

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="progress-page">
      <Flex justify="space-between" align="center" gap="middle">
        <Flex align="center" gap="middle">
          <Button icon={<HomeOutlined />} onClick={() => navigate('/')} aria-label={t('progress.home')} />
          <div>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {t('progress.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('progress.subtitle')}</Typography.Text>
          </div>
        </Flex>
        <Avatar size="large" data-testid="progress-initial">
          {initialOf(user?.firstName)}
        </Avatar>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <StatCard title={t('progress.stats.overall')} value={0} suffix="%" icon={<PieChartOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('progress.stats.completed')} value={0} icon={<CheckCircleOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('progress.stats.inProgress')} value={0} icon={<SyncOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('progress.stats.pending')} value={0} icon={<ClockCircleOutlined />} />
        </Col>
      </Row>
      <Card title={t('progress.courseProgress')}>
        <Empty
          data-testid="progress-empty"
          description={
            <>
              <Typography.Title level={4}>{t('progress.empty.title')}</Typography.Title>
              <Typography.Text type="secondary">{t('progress.empty.hint')}</Typography.Text>
            </>
          }
        >
          <Button type="primary" onClick={() => navigate('/courses')}>
            {t('progress.empty.browse')}
          </Button>
        </Empty>
      </Card>
    </Flex>
  );
}
