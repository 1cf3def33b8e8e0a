import { changeLanguage } from '@masar/shell/runtime';
import { renderWithMasar } from '@masar/shell/testing';
import { act, screen, within } from '@testing-library/react';
import arabic from '../../../locales/ar/learning-paths.json';
import { buildLearningPath } from '../learning-path.factory';
import { SkillGapChart } from './SkillGapChart';

const path = buildLearningPath();
const arabicLevel = (level: string) => arabic.levels[level as keyof typeof arabic.levels];
const RANKS = { none: 0, basic: 1, working: 2, strong: 3, expert: 4 } as const;

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('SkillGapChart', () => {
  it('gives screen readers the figures as a table, and hides the drawing from them', async () => {
    await act(() => changeLanguage('ar'));
    renderWithMasar(<SkillGapChart gaps={path.gaps} nameOf={(skill) => (skill === 'Statistics' ? 'الإحصاء' : skill)} />);

    const table = screen.getByRole('table', { name: 'المستوى الحالي مقابل المستوى المستهدف لكل مهارة' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(path.gaps.length);
    const statistics = path.gaps.findIndex((gap) => gap.skill === 'Statistics');
    expect(within(rows[statistics]).getByRole('rowheader').textContent).toBe('الإحصاء');
    expect(within(rows[statistics]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      arabicLevel(path.gaps[statistics].currentLevel),
      arabicLevel(path.gaps[statistics].targetLevel),
    ]);
    expect(screen.getByTestId('skill-gap-bars').getAttribute('aria-hidden')).toBe('true');
  });

  it('draws each gap skill with its current and target bars as long as their levels, on a scale from none to expert in the current language', async () => {
    await act(() => changeLanguage('ar'));
    renderWithMasar(<SkillGapChart gaps={path.gaps} nameOf={(skill) => (skill === 'Statistics' ? 'الإحصاء' : skill)} />);

    expect(screen.getAllByTestId('gap-chart-skill').map((name) => name.textContent)).toEqual(['Python', 'SQL', 'Data Visualization', 'الإحصاء', 'Power BI']);
    expect(screen.getAllByTestId('gap-chart-level').map((level) => level.textContent)).toEqual(['لا يوجد', 'أساسي', 'عملي', 'متمكّن', 'خبير']);
    const lengths = (testId: string) => screen.getAllByTestId(testId).map((bar) => bar.style.inlineSize);
    expect(lengths('gap-chart-current')).toEqual(path.gaps.map((gap) => `${(RANKS[gap.currentLevel] / 4) * 100}%`));
    expect(lengths('gap-chart-target')).toEqual(path.gaps.map((gap) => `${(RANKS[gap.targetLevel] / 4) * 100}%`));
    expect(within(screen.getByTestId('gap-chart-legend')).getByText('المستوى المستهدف')).toBeTruthy();
  });

  it('lays the drawing out in the page direction with logical properties, so Arabic mirrors it: names at the start (right), bars growing from there', async () => {
    await act(() => changeLanguage('ar'));
    renderWithMasar(<SkillGapChart gaps={path.gaps} nameOf={(skill) => skill} />);
    const chart = screen.getByTestId('skill-gap-chart');
    expect(chart.getAttribute('dir')).toBe('rtl');
    // No box inside fixes a left or right: the browser places them from the direction.
    expect(screen.getByTestId('skill-gap-bars').getAttribute('dir')).toBeNull();
    const levels = screen.getAllByTestId('gap-chart-level');
    expect(levels.map((level) => level.style.insetInlineStart)).toEqual(['0%', '25%', '50%', '75%', '100%']);
    expect(levels.every((level) => level.style.left === '' && level.style.right === '')).toBe(true);
    expect(screen.getAllByTestId('gap-chart-skill').every((name) => name.style.textAlign === 'end')).toBe(true);
  });
});
