import type { GapPriority, SkillGap } from '@masar/contracts';
import { Tag, theme } from 'antd';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const PRIORITY_COLORS: Record<GapPriority, string> = { high: 'red', medium: 'orange', low: 'blue' };

export function PriorityTag({ priority }: { priority: GapPriority }) {
  const { t } = useTranslation('learningPaths');
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`priorities.${priority}`)}</Tag>;
}

export interface SkillGapListProps {
  gaps: SkillGap[];
  nameOf: (skill: string) => string;
}

/**
 * The gaps as a table: what the job asks, where the learner stands, and how urgent it is. A plain
 * table: five short columns need none of antd Table's sorting, paging or measuring.
 */
export const SkillGapList = memo(function SkillGapList({ gaps, nameOf }: SkillGapListProps) {
  const { t } = useTranslation('learningPaths');
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    textAlign: 'start',
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    borderBlockEnd: `1px solid ${token.colorBorderSecondary}`,
  };
  const heading: CSSProperties = { ...cell, fontWeight: token.fontWeightStrong, background: token.colorFillAlter };

  return (
    <div style={{ overflowX: 'auto' }} data-testid="skill-gap-list">
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={heading}>{t('gaps.columns.skill')}</th>
            <th style={heading}>{t('gaps.columns.category')}</th>
            <th style={heading}>{t('gaps.columns.importance')}</th>
            <th style={heading}>{t('gaps.columns.levels')}</th>
            <th style={heading}>{t('gaps.columns.priority')}</th>
          </tr>
        </thead>
        <tbody>
          {gaps.map((gap) => (
            <tr key={gap.skill} data-testid="skill-gap">
              <td style={cell} dir="auto">
                {nameOf(gap.skill)}
              </td>
              <td style={cell}>{t(`categories.${gap.category}`)}</td>
              <td style={cell}>{t(`importance.${gap.importance}`)}</td>
              <td style={cell}>
                {t('gaps.levelChange', { current: t(`levels.${gap.currentLevel}`), target: t(`levels.${gap.targetLevel}`) })}
              </td>
              <td style={cell}>
                <PriorityTag priority={gap.priority} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
