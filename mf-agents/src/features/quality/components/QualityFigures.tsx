import { QUALITY_SEVERITIES, type QualitySummary } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { Card, Col, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEVERITY_COLORS } from '../quality-presentation';

/** The real figures: courses reviewed, checks run, pass rate, issues by severity and by check. */
export function QualityFigures({ summary }: { summary: QualitySummary }) {
  const { t } = useTranslation('quality');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  const stats = [
    { key: 'coursesReviewed', value: number.format(summary.coursesReviewed) },
    { key: 'checksRun', value: number.format(summary.checksRun) },
    { key: 'passRate', value: summary.passRate === null ? '—' : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(summary.passRate / 100) },
    { key: 'issues', value: number.format(summary.failed) },
  ] as const;
  return (
    <Flex vertical gap="middle">
      <Row gutter={[16, 16]}>
        {stats.map(({ key, value }) => (
          <Col key={key} xs={12} md={6}>
            <Card data-testid="quality-stat">
              <Statistic title={t(`stats.${key}`)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      {summary.lastReviewedAt ? (
        <Typography.Text type="secondary">
          {t('stats.lastReviewed', { date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(summary.lastReviewedAt)) })}
        </Typography.Text>
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={t('bySeverity')} data-testid="quality-by-severity">
            <Flex vertical gap="small">
              {QUALITY_SEVERITIES.map((severity) => (
                <Flex key={severity} justify="space-between">
                  <Tag color={SEVERITY_COLORS[severity]}>{t(`severity.${severity}`)}</Tag>
                  <Typography.Text strong>{number.format(summary.bySeverity[severity])}</Typography.Text>
                </Flex>
              ))}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('byCheck')}>
            <Table
              data-testid="quality-by-check"
              size="small"
              pagination={false}
              rowKey="check"
              dataSource={summary.byCheck}
              columns={[
                { title: t('checkTable.check'), dataIndex: 'check', render: (check: string) => t(`checks.${check}`) },
                { title: t('checkTable.run'), dataIndex: 'run', align: 'end', render: (value: number) => number.format(value) },
                { title: t('checkTable.passed'), dataIndex: 'passed', align: 'end', render: (value: number) => number.format(value) },
                {
                  title: t('checkTable.failed'),
                  dataIndex: 'failed',
                  align: 'end',
                  render: (value: number) => (value > 0 ? <Typography.Text type="danger">{number.format(value)}</Typography.Text> : number.format(value)),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
