import { ArrowRightOutlined } from '@ant-design/icons';
import type { LearningPath, PathCourseStatus } from '@masar/contracts';
import { toApiError } from '@masar/shell/runtime';
import { Alert, Card, Col, Flex, Progress, Row, Skeleton, Statistic, Steps, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetProgressOverviewQuery } from '../../progress/progress.api';
import { useLearningPathChanges } from '../hooks/useLearningPathChanges';
import { usePathFormatting, type PathFormatting } from '../hooks/usePathFormatting';
import { completedCourseCount, courseStatuses, coveredGapSkills, currentStepIndex, statusOf, summaryOf } from '../learning-path-plan';
import { learningPathUrl } from '../learning-path-url';
import { useListLearningPathsQuery } from '../learning-paths.api';
import { CourseStatusTag } from './CourseStatusTag';
import { PathCourseLink } from './PathCourseLink';
import { NextYear, PlanProposal } from './PlanFit';
import { RemovedCourseTag } from './RemovedCourseTag';

function CompactCourseList({
  path,
  statuses,
  formatting,
}: {
  path: LearningPath;
  statuses: ReadonlyMap<string, PathCourseStatus>;
  formatting: PathFormatting;
}) {
  const { t } = useTranslation('learningPaths');
  return (
    <Flex vertical gap="small" data-testid="path-course-list">
      {path.courses.map((course) => (
        <Flex key={course.courseId} justify="space-between" align="center" gap="small" wrap data-testid="path-course">
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong dir="auto">
              <PathCourseLink course={course}>{formatting.titleOf(course)}</PathCourseLink>
            </Typography.Text>
            <Flex gap={4} wrap align="center">
              <Typography.Text type="secondary">{t('courses.hours', { hours: formatting.formatNumber(course.estimatedHours) })}</Typography.Text>
              {course.covers.map((skill) => (
                <Tag key={skill} color="geekblue">
                  {formatting.nameOf(skill)}
                </Tag>
              ))}
            </Flex>
          </Flex>
          <Flex gap={4} wrap>
            {course.removed && <RemovedCourseTag />}
            <CourseStatusTag status={statusOf(statuses, course.courseId)} />
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The home page's learning path section (mf-jobroles' job-to-skills workflow shows it under the
 * skills): the newest path as steps to follow, its summary and the learner's progress. Nothing at
 * all until the learner has a path.
 */
export function LearningPathOverview() {
  const { token } = theme.useToken();
  const { t } = useTranslation('learningPaths');
  const paths = useListLearningPathsQuery();
  const overview = useGetProgressOverviewQuery();
  const path = paths.data?.[0];
  const formatting = usePathFormatting(path);
  const { change, pending } = useLearningPathChanges(path?.id ?? '');
  const failure = toApiError(paths.error);

  if (failure && !paths.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('overview.loadFailed')}
        description={failure.serverMessage ?? failure.message}
        data-testid="learning-path-overview-error"
      />
    );
  }
  if (paths.isLoading) {
    return (
      <div data-testid="learning-path-overview-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (!path) return null;

  const statuses = courseStatuses(overview.data);
  const summary = summaryOf(path, overview.data);
  const completed = completedCourseCount(path.courses, statuses);
  const overviewFailure = toApiError(overview.error);
  const { formatNumber } = formatting;

  return (
    <Flex vertical gap="large" data-testid="learning-path-overview" data-path-id={path.id}>
      <PlanProposal path={path} formatting={formatting} pending={pending} onDecide={(decision) => void change({ decision })} />
      <Card
        title={t('overview.stepsTitle', { title: path.jobTitle })}
        extra={
          <Link to={learningPathUrl(path.id)} data-testid="view-full-path">
            {t('overview.viewFull')}{' '}
            {/* The arrow points the way the text reads. */}
            <ArrowRightOutlined className="masar-flip-rtl" />
          </Link>
        }
      >
        <Row gutter={[24, 24]}>
          <Col xs={24} md={15}>
            {path.courses.length === 0 ? (
              <Typography.Text type="secondary">{t('courses.none')}</Typography.Text>
            ) : (
              <Steps
                orientation="vertical"
                size="small"
                current={currentStepIndex(path.courses, statuses)}
                data-testid="path-steps"
                items={path.courses.map((course) => ({
                  key: course.courseId,
                  title: (
                    <>
                      <span dir="auto">{formatting.titleOf(course)}</span>
                      {course.removed && (
                        <>
                          {' '}
                          <RemovedCourseTag />
                        </>
                      )}
                    </>
                  ),
                  content: t('overview.monthRange', { start: formatNumber(course.startMonth), end: formatNumber(course.endMonth) }),
                }))}
              />
            )}
          </Col>
          <Col xs={24} md={9}>
            <Flex vertical gap="middle" align="center" data-testid="path-summary">
              <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, margin: 0 }}>
                {t('overview.summary')}
              </Typography.Title>
              <Progress type="circle" percent={summary?.percent ?? 0} size={96} aria-label={t('overview.progressLabel')} />
              <Flex gap="large" wrap justify="center">
                <Statistic title={t('overview.courses')} value={formatNumber(path.courses.length)} data-testid="summary-courses" />
                <Statistic
                  title={t('overview.months')}
                  value={formatNumber(summary?.months ?? Math.max(1, path.monthsNeeded))}
                  data-testid="summary-months"
                />
                <Statistic
                  title={t('overview.skills')}
                  value={formatNumber(summary?.skillsCovered ?? coveredGapSkills(path.courses).length)}
                  data-testid="summary-skills"
                />
              </Flex>
            </Flex>
          </Col>
        </Row>
      </Card>

      <Card title={t('courses.title')}>
        <CompactCourseList path={path} statuses={statuses} formatting={formatting} />
      </Card>

      <NextYear path={path} formatting={formatting} />

      <Card title={t('overview.yourProgress')} data-testid="your-progress">
        {overviewFailure && !overview.data ? (
          <Alert type="error" showIcon title={t('overview.progressFailed')} description={overviewFailure.serverMessage ?? overviewFailure.message} />
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={8}>
              <Statistic
                title={t('overview.overall')}
                value={formatNumber(overview.data?.overallPercent ?? 0)}
                suffix="%"
                data-testid="progress-overall"
              />
            </Col>
            <Col xs={12} sm={8}>
              <Statistic title={t('overview.completed')} value={formatNumber(completed)} data-testid="progress-completed" />
            </Col>
            <Col xs={12} sm={8}>
              <Statistic title={t('overview.remaining')} value={formatNumber(path.courses.length - completed)} data-testid="progress-remaining" />
            </Col>
          </Row>
        )}
      </Card>
    </Flex>
  );
}
