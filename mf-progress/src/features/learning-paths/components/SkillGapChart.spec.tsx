import { changeLanguage } from '@masar/shell/runtime';
import { renderWithMasar } from '@masar/shell/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import arabic from '../../../locales/ar/learning-paths.json';
import { buildLearningPath } from '../learning-path.factory';
import { SkillGapChart } from './SkillGapChart';

const path = buildLearningPath();
const arabicLevel = (level: string) => arabic.levels[level as keyof typeof arabic.levels];

// jsdom lays nothing out, so the chart's container would measure 0 × 0 and draw nothing.
function giveTheChartContainerASize() {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
    return { width: 720, height: 300, top: 0, left: 0, right: 720, bottom: 300, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  });
}

afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => changeLanguage('en'));
});

describe('SkillGapChart', () => {
  it('renders in jsdom even unmeasured', () => {
    renderWithMasar(<SkillGapChart gaps={path.gaps} nameOf={(skill) => skill} />);
    expect(screen.getByTestId('skill-gap-chart')).toBeTruthy();
  });

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
    expect(screen.getByTestId('skill-gap-chart').querySelector('.recharts-responsive-container')?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('plots every gap skill against levels none to expert, named in the current language', async () => {
    giveTheChartContainerASize();
    await act(() => changeLanguage('ar'));
    renderWithMasar(<SkillGapChart gaps={path.gaps} nameOf={(skill) => (skill === 'Statistics' ? 'الإحصاء' : skill)} />);

    const chart = screen.getByTestId('skill-gap-chart');
    // Recharts wraps a long label into one <tspan> per line.
    const labels = (axis: 'xAxis' | 'yAxis') =>
      [...chart.querySelectorAll(`.recharts-${axis}-tick-labels text`)].map((text) =>
        [...text.querySelectorAll('tspan')].map((line) => line.textContent).join(' '),
      );
    await waitFor(() => expect(labels('yAxis')).toHaveLength(5));
    expect(labels('yAxis')).toEqual(['Python', 'SQL', 'Data Visualization', 'الإحصاء', 'Power BI']);
    expect(labels('xAxis')).toEqual(['لا يوجد', 'أساسي', 'عملي', 'متمكّن', 'خبير']);
    expect(chart.textContent).toContain('المستوى المستهدف');
  });
});

describe('SkillGapChart right to left', () => {
  afterEach(async () => {
    jest.restoreAllMocks();
    await act(() => changeLanguage('en'));
  });

  it('in Arabic mirrors the drawing: names stand right of the bars, reading from there, and levels grow leftwards', async () => {
    giveTheChartContainerASize();
    await act(() => changeLanguage('ar'));
    renderWithMasar(<SkillGapChart gaps={path.gaps} nameOf={(skill) => skill} />);
    const chart = screen.getByTestId('skill-gap-chart');
    await waitFor(() => expect(chart.querySelectorAll('.recharts-yAxis-tick-labels text')).toHaveLength(path.gaps.length));

    // Laid out left to right on purpose, so the SVG's anchors mean left and right, not start and end.
    expect(screen.getByTestId('skill-gap-bars').getAttribute('dir')).toBe('ltr');
    const levelXs = [...chart.querySelectorAll('.recharts-xAxis-tick-labels text')].map((text) => Number(text.getAttribute('x')));
    expect(levelXs[0]).toBeGreaterThan(levelXs[levelXs.length - 1]);
    const names = [...chart.querySelectorAll('.recharts-yAxis-tick-labels text')];
    for (const name of names) {
      expect(name.getAttribute('text-anchor')).toBe('start');
      // Right of the "none" tick, where every bar starts.
      expect(Number(name.getAttribute('x'))).toBeGreaterThanOrEqual(levelXs[0]);
    }
  });
});
