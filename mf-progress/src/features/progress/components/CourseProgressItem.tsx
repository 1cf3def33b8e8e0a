import type { ProgressCourse } from '@masar/contracts';
import { useDurationText } from '@masar/shell/runtime';
import { Button, Flex, Progress, Tag, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PlanDate } from '../../../components/PlanDate';
import { useLocaleFormatting } from '../../../components/useLocaleFormatting';
import { isPastDue } from '../course-dates';
import { CourseStatusIcon, STATUS_TAG_COLORS } from './CourseStatusIcon';

/**
 * One course of the Course Progress list, with the action its status calls for. A course deleted from
 * the catalog stays as the learner's history, marked so, with nothing to open.
 */
export function CourseProgressItem({ course }: { course: ProgressCourse }) {
  const { t } = useTranslation('progress');
  const durationText = useDurationText();
  const navigate = useNavigate();
  const { formatDate, formatPlanDate, formatNumber, localTitle } = useLocaleFormatting();
  const { courseId, status, dueDate, completedAt, totalLessons, estimatedHours, removed = false } = course;
  const openCourse = () => navigate(`/courses/${courseId}`);
  const overdue = dueDate !== null && status !== 'completed' && isPastDue(dueDate);
  // The catalog's text ("6 weeks") when it has one, else the course's estimated hours.
  const duration = (course.duration && durationText(course.duration)) || (estimatedHours === null ? null : t('progress.course.hours', { hours: formatNumber(estimatedHours) }));

  return (
    <Flex gap="middle" align="start" data-testid="course-progress-item" data-course-id={courseId} data-status={status}>
      <CourseStatusIcon status={status} />
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" align="start" gap="small" wrap>
          <Typography.Text strong dir="auto" data-testid="course-title">
            {localTitle(course.title, course.titleAr)}
          </Typography.Text>
          <Flex gap={4} wrap>
            {removed && (
              <Tag color="warning" data-testid="course-removed" style={{ marginInlineEnd: 0 }}>
                {t('progress.course.removed')}
              </Tag>
            )}
            <Tag color={STATUS_TAG_COLORS[status]} data-testid="course-status" style={{ marginInlineEnd: 0 }}>
              {t(`progress.status.${status}`)}
            </Tag>
          </Flex>
        </Flex>
        {duration && (
          <Typography.Text type="secondary" data-testid="course-duration">
            {duration}
          </Typography.Text>
        )}
        {course.description && (
          <Typography.Paragraph type="secondary" dir="auto" style={{ marginBottom: 0 }}>
            {course.description}
          </Typography.Paragraph>
        )}
        <Progress
          percent={course.percent}
          size="small"
          status={status === 'completed' ? 'success' : 'normal'}
          aria-label={t('progress.course.progressLabel', { title: localTitle(course.title, course.titleAr) })}
        />
        {totalLessons !== null && (
          <Typography.Text type="secondary" data-testid="course-lessons">
            {t('progress.course.lessons', { completed: course.completedLessons, total: totalLessons })}
          </Typography.Text>
        )}
        {dueDate && (
          <Flex gap="small" align="center" data-testid="course-due">
            <Typography.Text type={overdue ? 'danger' : 'secondary'}>
              <Trans t={t} i18nKey="progress.course.due" values={{ date: formatPlanDate(dueDate) }} components={{ date: <PlanDate iso={dueDate} /> }} />
            </Typography.Text>
            {overdue && (
              <Tag color="red" data-testid="course-overdue">
                {t('progress.course.overdue')}
              </Tag>
            )}
          </Flex>
        )}
        <Flex gap="small" align="center" wrap style={{ marginTop: 4 }}>
          {!removed && (
            <Button onClick={openCourse} data-testid="course-view">
              {t('progress.course.view')}
            </Button>
          )}
          {!removed && status === 'pending' && (
            <Button type="primary" onClick={openCourse} data-testid="course-start">
              {t('progress.course.start')}
            </Button>
          )}
          {!removed && status === 'in-progress' && (
            <Button type="primary" onClick={openCourse} data-testid="course-continue">
              {t('progress.course.continue')}
            </Button>
          )}
          {status === 'completed' && completedAt && (
            <Typography.Text type="success" data-testid="course-completed-on">
              {t('progress.course.completedOn', { date: formatDate(completedAt) })}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}
