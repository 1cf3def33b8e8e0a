import { DeleteOutlined } from '@ant-design/icons';
import type { LearningPath, LearningPathCourse, PathCourseStatus } from '@masar/contracts';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanDate } from '../../../components/PlanDate';
import { useGapSelfAssessment } from '../hooks/useGapSelfAssessment';
import { useLearningPathChanges } from '../hooks/useLearningPathChanges';
import { usePathFormatting } from '../hooks/usePathFormatting';
import { moveCourse } from '../learning-path-plan';
import { PathCourseList } from './PathCourseList';
import { PathTimeline } from './PathTimeline';
import { HolyPeriodsNote, NextYear, PlanProposal } from './PlanFit';
import { SkillGapChart } from './SkillGapChart';
import { SkillGapList } from './SkillGapList';
import { SwapCourseModal } from './SwapCourseModal';
import { WeeklyBudgetForm } from './WeeklyBudgetForm';


export interface LearningPathDetailProps {
  path: LearningPath;
  statuses: ReadonlyMap<string, PathCourseStatus>;
}

/** One learning path in full: its figures, gaps, month-by-month plan and courses, with what re-plans it. */
export function LearningPathDetail({ path, statuses }: LearningPathDetailProps) {
  const { t } = useTranslation('learningPaths');
  const formatting = usePathFormatting(path);
  const { change, remove, pending } = useLearningPathChanges(path.id);
  const selfAssessment = useGapSelfAssessment(path, change);
  const [swapping, setSwapping] = useState<LearningPathCourse>();
  const courseIds = path.courses.map((course) => course.courseId);
  const { formatNumber } = formatting;

  const move = (course: LearningPathCourse, offset: -1 | 1) =>
    void change({ courseOrder: moveCourse(courseIds, course.courseId, offset) });
  const swap = async (course: LearningPathCourse, replacementCourseId: string) => {
    if (await change({ swap: { courseId: course.courseId, replacementCourseId } })) setSwapping(undefined);
  };

  return (
    <Flex vertical gap="large" data-testid="learning-path-detail" data-path-id={path.id}>
      <Card>
        <Flex vertical gap="middle">
          <Flex justify="space-between" align="start" gap="middle" wrap>
            <Typography.Title level={3} style={{ margin: 0 }} dir="auto" data-testid="path-job-title">
              {path.jobTitle}
            </Typography.Title>
            <Popconfirm
              title={t('delete.confirmTitle')}
              description={t('delete.confirmDescription', { title: path.jobTitle })}
              okText={t('delete.ok')}
              cancelText={t('delete.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove()}
            >
              <Button danger icon={<DeleteOutlined />} disabled={pending} data-testid="delete-path">
                {t('delete.button')}
              </Button>
            </Popconfirm>
          </Flex>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            data-testid="path-facts"
            items={[
              { key: 'start', label: t('facts.startDate'), children: <PlanDate iso={path.startDate} /> },
              { key: 'weekly', label: t('facts.weeklyHours'), children: t('facts.hoursPerWeek', { hours: formatNumber(path.weeklyHours) }) },
              { key: 'total', label: t('facts.totalHours'), children: t('facts.hours', { hours: formatNumber(path.totalHours) }) },
              { key: 'months', label: t('facts.monthsNeeded'), children: t('facts.months', { months: formatNumber(path.monthsNeeded) }) },
            ]}
          />
          <PlanProposal path={path} formatting={formatting} pending={pending} onDecide={(decision) => void change({ decision })} />
          {(path.fit.choice === 'accepted-proposal' || path.fit.choice === 'kept-budget') && (
            <Typography.Text type="secondary" data-testid="plan-decided">
              {t(`plan.decided.${path.fit.choice}`)}
            </Typography.Text>
          )}
          {path.uncoveredSkills.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('uncovered', { skills: formatting.formatList(path.uncoveredSkills.map(formatting.nameOf)) })}
              data-testid="uncovered-skills"
            />
          )}
          <WeeklyBudgetForm key={`${path.id}:${path.weeklyHours}`} weeklyHours={path.weeklyHours} pending={pending} onReplan={(weeklyHours) => change({ weeklyHours })} />
        </Flex>
      </Card>

      <Card title={t('gaps.title')}>
        {path.gaps.length === 0 ? (
          <Typography.Text type="secondary">{t('gaps.none')}</Typography.Text>
        ) : (
          <Flex vertical gap="large">
            <SkillGapChart gaps={path.gaps} nameOf={formatting.nameOf} />
            <Typography.Text type="secondary">{t('gaps.assess.hint')}</Typography.Text>
            <SkillGapList
              gaps={path.gaps}
              courses={path.courses}
              nameOf={formatting.nameOf}
              titleOf={formatting.titleOf}
              onAssess={(skill, level, label) => void selfAssessment.assess(skill, level, label)}
              pending={pending || selfAssessment.saving}
            />
          </Flex>
        )}
      </Card>

      <Card title={t('timeline.title')}>
        <Flex vertical gap="middle">
          <HolyPeriodsNote path={path} formatting={formatting} />
          <PathTimeline path={path} formatting={formatting} />
        </Flex>
      </Card>

      <Card title={t('courses.title')}>
        <PathCourseList
          path={path}
          statuses={statuses}
          formatting={formatting}
          pending={pending}
          onMove={move}
          onSwap={setSwapping}
        />
      </Card>

      <NextYear path={path} formatting={formatting} />

      {swapping && (
        <SwapCourseModal
          path={path}
          course={swapping}
          formatting={formatting}
          pending={pending}
          onSwap={(replacementCourseId) => void swap(swapping, replacementCourseId)}
          onCancel={() => setSwapping(undefined)}
        />
      )}
    </Flex>
  );
}
