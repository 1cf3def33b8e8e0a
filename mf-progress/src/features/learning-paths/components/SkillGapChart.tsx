import { SKILL_LEVELS, type SkillGap, type SkillLevel } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { Flex, theme, Typography } from 'antd';
import { Fragment, memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { gapChartRows } from '../learning-path-plan';

const TOP_RANK = SKILL_LEVELS.length - 1;
const BAR_THICKNESS = 12;

/** Where a level stands along a bar's track, in percent from its start. */
function trackPercent(rank: number): number {
  return (rank / TOP_RANK) * 100;
}

export interface SkillGapChartProps {
  gaps: SkillGap[];
  nameOf: (skill: string) => string;
}

/**
 * Each gap skill's current level against the level the job needs, as two horizontal bars. Drawn with
 * CSS boxes rather than a chart library (about 88 KB less on the learning paths page), laid out with
 * logical properties: in Arabic the browser itself puts the names on the right and grows the bars
 * leftwards, so no name is ever drawn over a bar.
 */
export const SkillGapChart = memo(function SkillGapChart({ gaps, nameOf }: SkillGapChartProps) {
  const { t } = useTranslation('learningPaths');
  const { direction } = useLanguage();
  const { token } = theme.useToken();
  const levelName = (rank: number) => t(`levels.${SKILL_LEVELS[rank] as SkillLevel}`);
  const rows = gapChartRows(gaps, nameOf);
  // Bars are graphics: at least 3:1 against the white card (WCAG 1.4.11).
  const colours = { current: token.colorTextTertiary, target: token.colorPrimary };
  const bar = (rank: number, colour: string): CSSProperties => ({
    inlineSize: `${trackPercent(rank)}%`,
    blockSize: BAR_THICKNESS,
    background: colour,
    borderStartEndRadius: 2,
    borderEndEndRadius: 2,
  });

  return (
    <div data-testid="skill-gap-chart" dir={direction}>
      {/* The bars are drawn for the eye; a screen reader reads the same figures from the table below. */}
      <div aria-hidden data-testid="skill-gap-bars">
        <div
          style={{ display: 'grid', gridTemplateColumns: 'minmax(88px, 160px) 1fr', columnGap: token.marginSM, rowGap: token.marginXS, alignItems: 'center' }}
        >
          {rows.map((row) => (
            <Fragment key={row.skill}>
              <Typography.Text dir="auto" style={{ textAlign: 'end', overflowWrap: 'anywhere' }} data-testid="gap-chart-skill">
                {row.skill}
              </Typography.Text>
              <div
                style={{ background: token.colorFillQuaternary, paddingBlock: 4, display: 'flex', flexDirection: 'column', gap: 3 }}
                data-testid="gap-chart-track"
              >
                <div style={bar(row.current, colours.current)} data-testid="gap-chart-current" data-rank={row.current} />
                <div style={bar(row.target, colours.target)} data-testid="gap-chart-target" data-rank={row.target} />
              </div>
            </Fragment>
          ))}
          <span />
          {/* The level scale under the tracks: each name stands at its level (the two ends inside the track). */}
          <div style={{ position: 'relative', blockSize: '1.6em' }} data-testid="gap-chart-levels">
            {SKILL_LEVELS.map((level, rank) => (
              <Typography.Text
                key={level}
                type="secondary"
                style={{
                  position: 'absolute',
                  insetInlineStart: `${trackPercent(rank)}%`,
                  transform: rank === 0 ? undefined : rank === TOP_RANK ? 'translateX(var(--masar-gap-end))' : 'translateX(var(--masar-gap-middle))',
                  whiteSpace: 'nowrap',
                  fontSize: token.fontSizeSM,
                  ['--masar-gap-end' as string]: direction === 'rtl' ? '100%' : '-100%',
                  ['--masar-gap-middle' as string]: direction === 'rtl' ? '50%' : '-50%',
                }}
                data-testid="gap-chart-level"
              >
                {levelName(rank)}
              </Typography.Text>
            ))}
          </div>
        </div>
        <Flex gap="middle" justify="center" style={{ marginBlockStart: token.marginXS }} data-testid="gap-chart-legend">
          {(['current', 'target'] as const).map((kind) => (
            <Flex key={kind} gap={6} align="center">
              <span style={{ inlineSize: 14, blockSize: 10, background: colours[kind], display: 'inline-block' }} />
              <Typography.Text>{t(kind === 'current' ? 'gaps.currentLevel' : 'gaps.targetLevel')}</Typography.Text>
            </Flex>
          ))}
        </Flex>
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
