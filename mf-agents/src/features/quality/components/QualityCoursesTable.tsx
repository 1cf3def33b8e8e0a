import type { QualityCourseRow } from '@masar/contracts';
import { useCurrentUser, useLanguage } from '@masar/shell/runtime';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QUALITY_COURSES_PAGE_SIZE, useQualityCoursesQuery } from '../quality.api';
import { courseLink, SEVERITY_COLORS } from '../quality-presentation';
import { useStartEnhancement } from '../../agents/hooks/useStartEnhancement';
import { CourseQualityReport } from './CourseQualityReport';

interface QualityCoursesTableProps {
  /** Starts a review of the course; disabled while a review this page started is running. */
  onRerun: (courseId: string) => void;
  rerunDisabled: boolean;
}

/** Each reviewed course's latest figures, worst first; a row opens the course's report. */
export function QualityCoursesTable({ onRerun, rerunDisabled }: QualityCoursesTableProps) {
  const { t } = useTranslation('quality');
  const { language } = useLanguage();
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string[]>([]);
  const { currentData, isFetching } = useQualityCoursesQuery({ page });
  const { isAdmin } = useCurrentUser();
  const { enhance } = useStartEnhancement();
  const [enhancing, setEnhancing] = useState<string>();
  const enhanceCourse = async (courseId: string) => {
    setEnhancing(courseId);
    await enhance({ courseId });
    setEnhancing(undefined);
  };
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const toggle = (courseId: string) =>
    setExpanded((open) => (open.includes(courseId) ? open.filter((id) => id !== courseId) : [...open, courseId]));

  return (
    <Table<QualityCourseRow>
      data-testid="quality-courses"
      rowKey="courseId"
      loading={isFetching && !currentData}
      dataSource={currentData?.items ?? []}
      pagination={{
        current: page,
        pageSize: QUALITY_COURSES_PAGE_SIZE,
        total: currentData?.total ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
      }}
      expandable={{
        expandedRowKeys: expanded,
        showExpandColumn: false,
        expandedRowRender: (row) => <CourseQualityReport courseId={row.courseId} />,
      }}
      scroll={{ x: true }}
      columns={[
        {
          title: t('courses.course'),
          dataIndex: 'courseTitle',
          render: (title: string, row) => <Link to={courseLink(row.courseId)}>{title}</Link>,
        },
        { title: t('courses.reviewedAt'), dataIndex: 'reviewedAt', render: (value: string) => date.format(new Date(value)) },
        { title: t('courses.checks'), dataIndex: 'checksRun', align: 'end' },
        {
          title: t('courses.failed'),
          dataIndex: 'failed',
          align: 'end',
          render: (value: number) => (value > 0 ? <Typography.Text type="danger">{value}</Typography.Text> : value),
        },
        {
          title: t('courses.worst'),
          dataIndex: 'worstSeverity',
          render: (severity: QualityCourseRow['worstSeverity']) =>
            severity ? <Tag color={SEVERITY_COLORS[severity]}>{t(`severity.${severity}`)}</Tag> : <Tag color="green">{t('severity.none')}</Tag>,
        },
        {
          title: t('courses.actions'),
          key: 'actions',
          render: (_value, row) => (
            <Flex gap="small" wrap>
              <Button size="small" onClick={() => toggle(row.courseId)} data-testid="quality-view-report">
                {expanded.includes(row.courseId) ? t('hideReport') : t('viewReport')}
              </Button>
              <Button size="small" disabled={rerunDisabled} onClick={() => onRerun(row.courseId)} data-testid="quality-rerun">
                {t('rerun')}
              </Button>
              {isAdmin && (
                <Button size="small" loading={enhancing === row.courseId} onClick={() => void enhanceCourse(row.courseId)} data-testid="quality-enhance">
                  {t('enhance')}
                </Button>
              )}
            </Flex>
          ),
        },
      ]}
    />
  );
}
