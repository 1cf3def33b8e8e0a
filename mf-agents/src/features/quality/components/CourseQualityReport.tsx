import type { QualityFinding } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { Alert, Button, Collapse, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQualityReportQuery } from '../quality.api';
import { courseLink, lessonLink, SEVERITY_COLORS } from '../quality-presentation';

function FindingItem({ courseId, finding }: { courseId: string; finding: QualityFinding }) {
  const { t } = useTranslation('quality');
  const where =
    finding.lessonId && finding.lessonTitle ? (
      <Link to={lessonLink(courseId, finding.lessonId)}>{`${finding.moduleTitle ? `${finding.moduleTitle} › ` : ''}${finding.lessonTitle}`}</Link>
    ) : finding.moduleTitle ? (
      <Typography.Text>{finding.moduleTitle}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('report.wholeCourse')}</Typography.Text>
    );
  return (
    <li data-testid="quality-finding" style={{ padding: '8px 0', borderBlockEnd: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex vertical gap={4}>
        <Flex gap="small" wrap align="center">
          {finding.passed ? null : <Tag color={SEVERITY_COLORS[finding.severity]}>{t(`severity.${finding.severity}`)}</Tag>}
          <Tag>{t(`checks.${finding.check}`)}</Tag>
          {where}
        </Flex>
        {/* The service writes findings in English; the lesson they name keeps its own language. */}
        <Typography.Text lang="en" dir="auto">
          {finding.message}
        </Typography.Text>
      </Flex>
    </li>
  );
}

function FindingList({ courseId, findings }: { courseId: string; findings: QualityFinding[] }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {findings.map((finding, index) => (
        <FindingItem key={`${finding.check}-${finding.lessonId ?? finding.moduleId ?? 'course'}-${index}`} courseId={courseId} finding={finding} />
      ))}
    </ul>
  );
}

/** One course's latest report: its issues with links to the lessons, and what passed on demand. */
export function CourseQualityReport({ courseId }: { courseId: string }) {
  const { t } = useTranslation('quality');
  const { language } = useLanguage();
  const { currentData: report, isError, refetch } = useQualityReportQuery(courseId);
  if (isError) {
    return (
      <Alert type="error" showIcon title={t('report.error')} action={<Button size="small" onClick={() => void refetch()}>{t('errors.retry')}</Button>} />
    );
  }
  if (!report) return <Skeleton active paragraph={{ rows: 3 }} />;
  const failed = report.findings.filter((finding) => !finding.passed);
  const passed = report.findings.filter((finding) => finding.passed);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(report.reviewedAt));
  return (
    <Flex vertical gap="small" data-testid="quality-report">
      <Flex justify="space-between" wrap gap="small">
        <Typography.Text>{t('report.summary', { failed: report.failed, checks: report.checksRun, date })}</Typography.Text>
        <Link to={courseLink(courseId)}>{t('report.openCourse')}</Link>
      </Flex>
      {failed.length === 0 ? (
        <Alert type="success" showIcon title={t('report.noIssues')} />
      ) : (
        <FindingList courseId={courseId} findings={failed} />
      )}
      {passed.length > 0 ? (
        <Collapse
          ghost
          items={[
            {
              key: 'passed',
              label: `${t('report.showPassed')} (${t('report.passedCount', { count: passed.length })})`,
              children: <FindingList courseId={courseId} findings={passed} />,
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}
