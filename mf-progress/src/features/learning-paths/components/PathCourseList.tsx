import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import type { LearningPath, LearningPathCourse, PathCourseStatus } from '@masar/contracts';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PathFormatting } from '../hooks/usePathFormatting';
import { statusOf } from '../learning-path-plan';
import { CourseStatusTag } from './CourseStatusTag';
import { PathCourseLink } from './PathCourseLink';
import { RemovedCourseTag } from './RemovedCourseTag';

export interface PathCourseListProps {
  path: LearningPath;
  statuses: ReadonlyMap<string, PathCourseStatus>;
  formatting: PathFormatting;
  /** A change is on its way: nothing else may be sent meanwhile. */
  pending: boolean;
  onMove: (course: LearningPathCourse, offset: -1 | 1) => void;
  onSwap: (course: LearningPathCourse) => void;
}

/** The path's courses in study order, each with its status and the controls that re-plan the path. */
export function PathCourseList({ path, statuses, formatting, pending, onMove, onSwap }: PathCourseListProps) {
  const { t } = useTranslation('learningPaths');
  const last = path.courses.length - 1;

  if (path.courses.length === 0) {
    return <Typography.Text type="secondary">{t('courses.none')}</Typography.Text>;
  }
  return (
    <Flex vertical gap="middle" data-testid="path-course-list">
      {path.courses.map((course, index) => {
        const title = formatting.titleOf(course);
        return (
          <Card size="small" key={course.courseId} data-testid="path-course" data-course-id={course.courseId}>
            <Flex justify="space-between" align="start" gap="middle" wrap>
              <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
                <Flex gap="small" align="center" wrap>
                  <Typography.Text type="secondary">{formatting.formatNumber(index + 1)}.</Typography.Text>
                  <Typography.Text strong dir="auto">
                    <PathCourseLink course={course}>{title}</PathCourseLink>
                  </Typography.Text>
                  <Tag>{course.abbreviation}</Tag>
                  <CourseStatusTag status={statusOf(statuses, course.courseId)} />
                  {course.removed && <RemovedCourseTag hintOnHover={false} />}
                </Flex>
                {course.removed && (
                  <Typography.Text type="warning" data-testid="course-removed-hint">
                    {t('courses.removedHint')}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary">
                  {[
                    course.level ? t(`courseLevels.${course.level}`) : undefined,
                    t('courses.hours', { hours: formatting.formatNumber(course.estimatedHours) }),
                    course.kind === 'external'
                      ? t('courses.external', { provider: course.provider ?? t('courses.unknownProvider') })
                      : t('courses.internal'),
                    t('courses.months', { start: formatting.formatNumber(course.startMonth), end: formatting.formatNumber(course.endMonth) }),
                  ]
                    .filter((part) => part !== undefined)
                    .join(' · ')}
                </Typography.Text>
                <Flex gap={4} wrap align="center">
                  <Typography.Text type="secondary">{t('courses.covers')}</Typography.Text>
                  {course.covers.map((skill) => (
                    <Tag key={skill} color="geekblue" data-testid="covered-skill">
                      {formatting.nameOf(skill)}
                    </Tag>
                  ))}
                </Flex>
              </Flex>
              <Flex gap="small" wrap>
                <Button
                  icon={<ArrowUpOutlined />}
                  disabled={pending || index === 0}
                  onClick={() => onMove(course, -1)}
                  aria-label={t('courses.moveUpLabel', { title })}
                  data-testid="move-up"
                >
                  {t('courses.moveUp')}
                </Button>
                <Button
                  icon={<ArrowDownOutlined />}
                  disabled={pending || index === last}
                  onClick={() => onMove(course, 1)}
                  aria-label={t('courses.moveDownLabel', { title })}
                  data-testid="move-down"
                >
                  {t('courses.moveDown')}
                </Button>
                <Button
                  // Swapping is the way out for a course gone from the catalog: make it the obvious step.
                  type={course.removed ? 'primary' : 'default'}
                  icon={<SwapOutlined />}
                  disabled={pending || course.covers.length === 0}
                  onClick={() => onSwap(course)}
                  aria-label={t('courses.swapLabel', { title })}
                  data-testid="swap-course"
                >
                  {t('courses.swap')}
                </Button>
              </Flex>
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
