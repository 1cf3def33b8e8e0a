import { FlagOutlined } from '@ant-design/icons';
import type { LearningPath, LearningPathMilestone } from '@masar/contracts';
import { Flex, Tag, Timeline, Typography } from 'antd';
import type { TimelineItemType } from 'antd/es/timeline/Timeline';
import { memo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PlanDate } from '../../../components/PlanDate';
import type { PathFormatting } from '../hooks/usePathFormatting';
import { planMonths, type PlanMonth } from '../learning-path-plan';
import { HolyPeriodTag } from './PlanFit';
import { RemovedCourseTag } from './RemovedCourseTag';

export interface PathTimelineProps {
  path: LearningPath;
  formatting: PathFormatting;
}

function MonthEntry({ plan, formatting }: { plan: PlanMonth; formatting: PathFormatting }) {
  const { t } = useTranslation('learningPaths');
  return (
    <Flex vertical gap={4} data-testid="timeline-month" data-month={plan.month}>
      <Flex gap="small" align="center" wrap>
        <Typography.Text strong>{t('timeline.month', { month: formatting.formatNumber(plan.month) })}</Typography.Text>
        {plan.beyondYear && <Tag color="warning">{t('timeline.beyondYear')}</Tag>}
      </Flex>
      {plan.courses.length === 0 ? (
        <Typography.Text type="secondary">{t('timeline.noCourse')}</Typography.Text>
      ) : (
        plan.courses.map((course) => (
          <Typography.Text key={course.courseId} data-testid="timeline-course">
            <span dir="auto">{formatting.titleOf(course)}</span>
            {course.removed && (
              <>
                {' '}
                <RemovedCourseTag />
              </>
            )}
            {course.holyPeriods?.map((kind) => (
              <span key={kind}>
                {' '}
                <HolyPeriodTag kind={kind} />
              </span>
            ))}
            <Typography.Text type="secondary">
              {' · '}
              {/* Each date is a PlanDate: in English the Hijri day shows on hover or focus, in Arabic beside it. */}
              <Trans
                t={t}
                i18nKey="timeline.dates"
                values={{ start: formatting.formatDate(course.startDate), due: formatting.formatDate(course.dueDate) }}
                components={{ start: <PlanDate iso={course.startDate} />, due: <PlanDate iso={course.dueDate} /> }}
              />
            </Typography.Text>
          </Typography.Text>
        ))
      )}
    </Flex>
  );
}

function MilestoneEntry({ milestone, path, formatting }: { milestone: LearningPathMilestone; path: LearningPath; formatting: PathFormatting }) {
  const { t } = useTranslation('learningPaths');
  const titles = milestone.courseIds
    .map((courseId) => path.courses.find((course) => course.courseId === courseId))
    .filter((course) => course !== undefined)
    .map(formatting.titleOf);
  const skills = milestone.skills.map(formatting.nameOf);
  const none = t('timeline.milestone.none');
  return (
    <Flex vertical gap={4} data-testid="timeline-milestone" data-quarter={milestone.quarter}>
      <Typography.Text strong>
        <Trans
          t={t}
          i18nKey="timeline.milestone.title"
          values={{ quarter: formatting.formatNumber(milestone.quarter), date: formatting.formatDate(milestone.dueDate) }}
          components={{ date: <PlanDate iso={milestone.dueDate} /> }}
        />
      </Typography.Text>
      <Typography.Text>{t('timeline.milestone.skills', { skills: skills.length > 0 ? formatting.formatList(skills) : none })}</Typography.Text>
      <Typography.Text>{t('timeline.milestone.courses', { courses: titles.length > 0 ? formatting.formatList(titles) : none })}</Typography.Text>
    </Flex>
  );
}

/** Month by month: the courses studied in each, with the quarterly milestones after months 3, 6, 9 and 12. */
export const PathTimeline = memo(function PathTimeline({ path, formatting }: PathTimelineProps) {
  const items = planMonths(path).flatMap((plan): TimelineItemType[] => {
    const month: TimelineItemType = {
      key: `month-${plan.month}`,
      color: plan.beyondYear ? 'red' : plan.courses.length > 0 ? 'blue' : 'gray',
      content: <MonthEntry plan={plan} formatting={formatting} />,
    };
    if (!plan.milestone) return [month];
    return [
      month,
      {
        key: `milestone-${plan.milestone.quarter}`,
        color: 'green',
        icon: <FlagOutlined />,
        content: <MilestoneEntry milestone={plan.milestone} path={path} formatting={formatting} />,
      },
    ];
  });
  return (
    <div data-testid="path-timeline">
      <Timeline items={items} />
    </div>
  );
});
