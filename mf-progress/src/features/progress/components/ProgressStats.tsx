import { CheckCircleOutlined, ClockCircleOutlined, FieldTimeOutlined, PieChartOutlined, SyncOutlined } from '@ant-design/icons';
import type { ProgressOverview } from '@masar/contracts';
import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/StatCard';
import { useLocaleFormatting } from '../../../components/useLocaleFormatting';

type ProgressFigures = Pick<ProgressOverview, 'overallPercent' | 'completedCount' | 'inProgressCount' | 'pendingCount' | 'hoursSpent'>;

/** The four figures the server computed from the learner's lessons, and the hours they reported. */
export function ProgressStats({ overview }: { overview: ProgressFigures }) {
  const { t } = useTranslation('progress');
  const { formatNumber } = useLocaleFormatting();

  return (
    <Flex vertical gap="small">
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <StatCard title={t('progress.stats.overall')} value={overview.overallPercent} suffix="%" icon={<PieChartOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('progress.stats.completed')} value={overview.completedCount} icon={<CheckCircleOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('progress.stats.inProgress')} value={overview.inProgressCount} icon={<SyncOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title={t('progress.stats.pending')} value={overview.pendingCount} icon={<ClockCircleOutlined />} />
        </Col>
      </Row>
      <Typography.Text type="secondary" data-testid="progress-hours">
        <FieldTimeOutlined style={{ marginInlineEnd: 6 }} />
        {t('progress.stats.hoursSpent', { hours: formatNumber(overview.hoursSpent) })}
      </Typography.Text>
    </Flex>
  );
}
