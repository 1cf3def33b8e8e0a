import { CalendarOutlined, CheckOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { HolyPeriodKind, LearningPath, PlanDecision } from '@masar/contracts';
import { Alert, Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PathFormatting } from '../hooks/usePathFormatting';

interface PlanFitProps {
  path: LearningPath;
  formatting: PathFormatting;
  pending: boolean;
}

/**
 * The planner's proposal while the learner has not decided: the weekly hours that fit every course
 * into 12 months (when within the limit), or keeping the budget with what moves to next year. The
 * weekly budget form beside it is the third way: setting the hours themselves.
 */
export function PlanProposal({ path, formatting, pending, onDecide }: PlanFitProps & { onDecide: (decision: PlanDecision) => void }) {
  const { t } = useTranslation('learningPaths');
  const { fit, nextYear } = path;
  if (fit.choice !== 'pending') return null;
  const { formatNumber } = formatting;
  const weekly = formatNumber(path.weeklyHours);
  return (
    <Alert
      type="info"
      showIcon
      icon={<ClockCircleOutlined />}
      data-testid="plan-proposal"
      title={t('plan.proposal.title', { hours: formatNumber(fit.allCoursesHours), weekly })}
      description={
        <Flex vertical gap="small">
          <Typography.Text>
            {fit.proposedWeeklyHours !== null
              ? t('plan.proposal.proposed', { proposed: formatNumber(fit.proposedWeeklyHours) })
              : fit.weeklyHoursToFitAll !== null
                ? t('plan.proposal.overLimit', { needed: formatNumber(fit.weeklyHoursToFitAll), limit: formatNumber(fit.proposalLimit) })
                : t('plan.proposal.tooMuch', { limit: formatNumber(fit.proposalLimit) })}
          </Typography.Text>
          <Typography.Text>
            {t('plan.proposal.keepExplained', {
              weekly,
              hours: formatNumber(nextYear.totalHours),
              skills: formatting.formatList(nextYear.skills.map(formatting.nameOf)),
            })}
          </Typography.Text>
          <Flex gap="small" wrap>
            {fit.proposedWeeklyHours !== null && (
              <Button type="primary" icon={<CheckOutlined />} disabled={pending} onClick={() => onDecide('accept-proposal')} data-testid="accept-proposal">
                {t('plan.proposal.accept', { proposed: formatNumber(fit.proposedWeeklyHours) })}
              </Button>
            )}
            <Button disabled={pending} onClick={() => onDecide('keep-budget')} data-testid="keep-budget">
              {t('plan.proposal.keep', { weekly })}
            </Button>
          </Flex>
          <Typography.Text type="secondary">{t('plan.proposal.changeHours')}</Typography.Text>
        </Flex>
      }
    />
  );
}

/** What waits for next year: its gaps, the courses that would close them and their hours, and the long courses left for later. */
export function NextYear({ path, formatting }: Omit<PlanFitProps, 'pending'>) {
  const { t } = useTranslation('learningPaths');
  const { nextYear, fit } = path;
  if (nextYear.courses.length === 0 && nextYear.skills.length === 0) return null;
  const { formatNumber } = formatting;
  const titleOfYearCourse = (courseId: string) => {
    const course = path.courses.find((candidate) => candidate.courseId === courseId);
    return course ? formatting.titleOf(course) : '';
  };
  return (
    <Card title={t('plan.nextYear.title')} data-testid="next-year">
      <Flex vertical gap="small">
        {nextYear.skills.length > 0 && (
          <Typography.Text>
            {t('plan.nextYear.summary', {
              skills: formatting.formatList(nextYear.skills.map(formatting.nameOf)),
              hours: formatNumber(nextYear.totalHours),
              months: formatNumber(nextYear.monthsAtBudget),
              weekly: formatNumber(path.weeklyHours),
            })}
          </Typography.Text>
        )}
        {nextYear.skills.length > 0 && fit.weeklyHoursToFitAll !== null && (
          <Typography.Text type="secondary">{t('plan.nextYear.toFitAll', { needed: formatNumber(fit.weeklyHoursToFitAll) })}</Typography.Text>
        )}
        <List
          size="small"
          dataSource={nextYear.courses}
          rowKey={(course) => course.courseId}
          renderItem={(course) => (
            <List.Item data-testid="next-year-course">
              <Flex vertical gap={4}>
                <Typography.Text strong dir="auto">
                  {formatting.titleOf(course)}
                </Typography.Text>
                <Flex gap={4} wrap align="center">
                  <Typography.Text type="secondary">{t('courses.hours', { hours: formatNumber(course.estimatedHours) })}</Typography.Text>
                  {course.covers.map((skill) => (
                    <Tag key={skill} color="geekblue">
                      {formatting.nameOf(skill)}
                    </Tag>
                  ))}
                </Flex>
                {course.replacedBy.length > 0 && (
                  <Typography.Text type="secondary" data-testid="left-for-later">
                    {t('plan.nextYear.leftForLater', { courses: formatting.formatList(course.replacedBy.map(titleOfYearCourse).filter(Boolean)) })}
                  </Typography.Text>
                )}
              </Flex>
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
}

const HOLY_PERIOD_COLORS: Record<HolyPeriodKind, string> = { ramadan: 'purple', 'eid-al-fitr': 'gold', 'eid-al-adha': 'gold' };

/** A tag for a course studied during Ramadan or over an Eid holiday. */
export function HolyPeriodTag({ kind }: { kind: HolyPeriodKind }) {
  const { t } = useTranslation('learningPaths');
  return (
    <Tag color={HOLY_PERIOD_COLORS[kind]} data-testid="holy-period-tag">
      {t(`plan.holyPeriods.${kind}`)}
    </Tag>
  );
}

/** Ramadan and the Eids of the plan's year, and what the planner does in each. */
export function HolyPeriodsNote({ path, formatting }: Omit<PlanFitProps, 'pending'>) {
  const { t } = useTranslation('learningPaths');
  const { holyPeriods, ramadanLoadFactor } = path.fit;
  if (holyPeriods.length === 0) return null;
  return (
    <Alert
      type="info"
      icon={<CalendarOutlined />}
      showIcon
      data-testid="holy-periods"
      title={t('plan.holyPeriods.title')}
      description={
        <Flex vertical gap={4}>
          {holyPeriods.map((period) => (
            <Typography.Text key={`${period.kind}-${period.startDate}`}>
              {period.kind === 'ramadan'
                ? t('plan.holyPeriods.ramadanNote', {
                    start: formatting.formatDate(period.startDate),
                    end: formatting.formatDate(period.endDate),
                    hours: formatting.formatNumber(Math.round(path.weeklyHours * ramadanLoadFactor * 10) / 10),
                  })
                : t('plan.holyPeriods.eidNote', {
                    name: t(`plan.holyPeriods.${period.kind}`),
                    start: formatting.formatDate(period.startDate),
                    end: formatting.formatDate(period.endDate),
                  })}
            </Typography.Text>
          ))}
        </Flex>
      }
    />
  );
}
