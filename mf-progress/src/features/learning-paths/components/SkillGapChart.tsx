import { SKILL_LEVELS, type SkillGap, type SkillLevel } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { theme } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { gapChartRows } from '../learning-path-plan';

const ROW_HEIGHT = 44;
const AXES_HEIGHT = 80;
/** jsdom lays nothing out; the chart still draws at this size until the container is measured. */
const INITIAL_WIDTH = 640;
const LEVEL_TICKS = SKILL_LEVELS.map((_, rank) => rank);

export interface SkillGapChartProps {
  gaps: SkillGap[];
  nameOf: (skill: string) => string;
}

/** Each gap skill's current level against the level the job needs, as two horizontal bars. */
export const SkillGapChart = memo(function SkillGapChart({ gaps, nameOf }: SkillGapChartProps) {
  const { t } = useTranslation('learningPaths');
  const { direction } = useLanguage();
  const { token } = theme.useToken();
  const rtl = direction === 'rtl';
  const height = gaps.length * ROW_HEIGHT + AXES_HEIGHT;
  const levelName = (rank: number) => t(`levels.${SKILL_LEVELS[rank] as SkillLevel}`);

  const rows = gapChartRows(gaps, nameOf);

  return (
    <div data-testid="skill-gap-chart" dir={direction}>
      {/* The bars are drawn for the eye; a screen reader reads the same figures from the table below.
          The drawing itself is laid out left to right and mirrored by hand (reversed axis, names on the
          right): in a right-to-left box the browser flips each name's anchor, drawing it over the bars. */}
      <div aria-hidden dir="ltr" data-testid="skill-gap-bars">
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: INITIAL_WIDTH, height }}>
          <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 24 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            {/* Right to left, the levels grow leftwards and the skill names stand on the right. */}
            <XAxis
              type="number"
              domain={[0, SKILL_LEVELS.length - 1]}
              ticks={LEVEL_TICKS}
              tickFormatter={levelName}
              reversed={rtl}
              allowDecimals={false}
              interval={0}
            />
            {/* Every skill gets its label, however many there are. */}
            <YAxis type="category" dataKey="skill" width={140} orientation={rtl ? 'right' : 'left'} interval={0} />
            <Tooltip formatter={(value) => levelName(Number(value))} />
            <Legend />
            {/* Bars are graphics: at least 3:1 against the white card (WCAG 1.4.11). */}
            {/* Not animated: a resize (a full-page screenshot, a phone turned) would grow every bar from zero again. */}
            <Bar dataKey="current" name={t('gaps.currentLevel')} fill={token.colorTextTertiary} isAnimationActive={false} />
            <Bar dataKey="target" name={t('gaps.targetLevel')} fill={token.colorPrimary} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="masar-visually-hidden" data-testid="skill-gap-chart-table">
        <caption>{t('gaps.chartLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('gaps.columns.skill')}</th>
            <th scope="col">{t('gaps.currentLevel')}</th>
            <th scope="col">{t('gaps.targetLevel')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.skill}>
              <th scope="row" dir="auto">
                {row.skill}
              </th>
              <td>{levelName(row.current)}</td>
              <td>{levelName(row.target)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
