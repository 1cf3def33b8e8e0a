import { courseReachedLevel, highestSkillLevel, SKILL_LEVELS, skillLevelRank, type GapPriority, type LearningPathCourse, type SkillGap, type SkillLevel } from '@masar/contracts';
import { Select, Tag, theme, Typography } from 'antd';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { coursesClosingGap } from '../gap-courses';

const PRIORITY_COLORS: Record<GapPriority, string> = { high: 'red', medium: 'orange', low: 'blue' };

export function PriorityTag({ priority }: { priority: GapPriority }) {
  const { t } = useTranslation('learningPaths');
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`priorities.${priority}`)}</Tag>;
}

/** Said when no course in the catalog teaches up to the job's level: the path's course is the furthest one goes. */
function ReachedLevelNote({ gap, closing }: { gap: SkillGap; closing: readonly LearningPathCourse[] }) {
  const { t } = useTranslation('learningPaths');
  // The path's courses take the skill as far as the furthest of them goes.
  const reached = highestSkillLevel(closing.map(courseReachedLevel)) ?? 'none';
  if (skillLevelRank(reached) >= skillLevelRank(gap.targetLevel)) return null;
  return (
    <Typography.Text type="secondary" data-testid="gap-reached-level" style={{ display: 'block' }}>
      {t('gaps.reachesOnly', { reached: t(`levels.${reached}`), target: t(`levels.${gap.targetLevel}`) })}
    </Typography.Text>
  );
}

export interface SkillGapListProps {
  /** Most urgent first, as the server ranks them. */
  gaps: SkillGap[];
  courses: readonly LearningPathCourse[];
  nameOf: (skill: string) => string;
  titleOf: (course: Pick<LearningPathCourse, 'title' | 'titleAr'>) => string;
  /** The learner sets their own level in a gap's skill; the path re-plans. */
  onAssess: (skill: string, level: SkillLevel, label: string) => void;
  pending: boolean;
}

/**
 * The gaps as a table: what the job asks, where the learner stands (which they may correct right
 * here), how urgent it is and which course of the path closes it. A plain table: a few short columns
 * need none of antd Table's sorting, paging or measuring.
 */
export const SkillGapList = memo(function SkillGapList({ gaps, courses, nameOf, titleOf, onAssess, pending }: SkillGapListProps) {
  const { t } = useTranslation('learningPaths');
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    textAlign: 'start',
    verticalAlign: 'middle',
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    borderBlockEnd: `1px solid ${token.colorBorderSecondary}`,
  };
  const heading: CSSProperties = { ...cell, fontWeight: token.fontWeightStrong, background: token.colorFillAlter };
  const levelOptions = SKILL_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }));

  return (
    <div style={{ overflowX: 'auto' }} data-testid="skill-gap-list">
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={heading}>{t('gaps.columns.skill')}</th>
            <th style={heading}>{t('gaps.columns.importance')}</th>
            <th style={heading}>{t('gaps.columns.levels')}</th>
            <th style={heading}>{t('gaps.columns.priority')}</th>
            <th style={heading}>{t('gaps.columns.closedBy')}</th>
            <th style={heading}>{t('gaps.columns.yourLevel')}</th>
          </tr>
        </thead>
        <tbody>
          {gaps.map((gap) => {
            const name = nameOf(gap.skill);
            const closing = coursesClosingGap(gap, courses);
            return (
              <tr key={gap.skill} data-testid="skill-gap" data-skill={gap.skill}>
                <td style={cell} dir="auto">
                  {name}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM }}>
                    {t(`categories.${gap.category}`)}
                  </Typography.Text>
                </td>
                <td style={cell} data-testid="gap-importance">
                  {t(`importance.${gap.importance}`)}
                </td>
                <td style={cell} data-testid="gap-levels">
                  {t('gaps.levelChange', { current: t(`levels.${gap.currentLevel}`), target: t(`levels.${gap.targetLevel}`) })}
                </td>
                <td style={cell}>
                  <PriorityTag priority={gap.priority} />
                </td>
                <td style={cell} data-testid="gap-closed-by" dir="auto">
                  {closing.length > 0 ? (
                    <>
                      {closing.map((course) => (
                        <span key={course.courseId} style={{ display: 'block' }}>
                          {titleOf(course)}
                        </span>
                      ))}
                      <ReachedLevelNote gap={gap} closing={closing} />
                    </>
                  ) : (
                    <Typography.Text type="warning">{t('gaps.noCourse')}</Typography.Text>
                  )}
                </td>
                <td style={cell}>
                  <Select<SkillLevel>
                    value={gap.currentLevel}
                    options={levelOptions}
                    disabled={pending}
                    onChange={(level) => onAssess(gap.skill, level, name)}
                    aria-label={t('gaps.assess.label', { skill: name })}
                    style={{ minWidth: 120 }}
                    data-testid="gap-self-assessment"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
