import type { UpcomingDeadline } from '@masar/contracts';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PlanDate } from '../../../components/PlanDate';
import { useLocaleFormatting } from '../../../components/useLocaleFormatting';

export interface UpcomingDeadlinesCardProps {
  deadlines: readonly UpcomingDeadline[];
  /** Courses deleted from the catalog: still due in the plan, but nothing to open. */
  removedCourseIds: ReadonlySet<string>;
}

/** 'Upcoming Deadlines': path courses not completed yet, overdue ones first (the server's order). */
export function UpcomingDeadlinesCard({ deadlines, removedCourseIds }: UpcomingDeadlinesCardProps) {
  const { t } = useTranslation('progress');
  const { formatPlanDate, localTitle } = useLocaleFormatting();

  return (
    <Card title={t('progress.deadlines.title')} data-testid="upcoming-deadlines">
      {deadlines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('progress.deadlines.empty')} />
      ) : (
        <Flex vertical gap="middle" component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {deadlines.map((deadline) => {
            const title = localTitle(deadline.title, deadline.titleAr);
            const removed = removedCourseIds.has(deadline.courseId);
            return (
              <li key={`${deadline.learningPathId}:${deadline.courseId}`} data-testid="deadline" data-overdue={deadline.overdue}>
                <Flex justify="space-between" align="start" gap="small">
                  <Flex vertical style={{ minWidth: 0 }}>
                    {removed ? (
                      <Typography.Text dir="auto" data-testid="deadline-title">
                        {title}
                      </Typography.Text>
                    ) : (
                      <Link to={`/courses/${deadline.courseId}`} dir="auto" data-testid="deadline-title">
                        {title}
                      </Link>
                    )}
                    {removed && (
                      <Tag color="warning" data-testid="deadline-removed" style={{ alignSelf: 'start' }}>
                        {t('progress.course.removed')}
                      </Tag>
                    )}
                    <Typography.Text type="secondary" dir="auto">
                      {deadline.jobTitle}
                    </Typography.Text>
                    <Typography.Text type={deadline.overdue ? 'danger' : 'secondary'} data-testid="deadline-date">
                      <Trans
                        t={t}
                        i18nKey="progress.deadlines.due"
                        values={{ date: formatPlanDate(deadline.dueDate) }}
                        components={{ date: <PlanDate iso={deadline.dueDate} /> }}
                      />
                    </Typography.Text>
                  </Flex>
                  {deadline.overdue && (
                    <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="deadline-overdue">
                      {t('progress.deadlines.overdue')}
                    </Tag>
                  )}
                </Flex>
              </li>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
