import { changeLanguage } from '@masar/shell/runtime';
import { renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildLearningPath, buildPathCourse } from '../learning-path.factory';
import { learningPathRoutes } from '../learning-paths.stub';
import { LearningPathsPage } from './LearningPathsPage';

const certificationId = '30000000-0000-4000-8000-000000000099';
const base = buildLearningPath();
const [python, sql] = base.courses;

/** A path of 211 h that does not fit 12 months at 3 h a week: 4.5 h would, and Kafka waits for next year at 3 h. */
const pending = buildLearningPath({
  weeklyHours: 3,
  fit: {
    choice: 'pending',
    allCoursesHours: 211,
    weeklyHoursToFitAll: 4.5,
    proposedWeeklyHours: 4.5,
    proposalLimit: 6,
    ramadanLoadFactor: 0.5,
    holyPeriods: [
      { kind: 'ramadan', startDate: '2026-02-18', endDate: '2026-03-19' },
      { kind: 'eid-al-fitr', startDate: '2026-03-20', endDate: '2026-03-22' },
    ],
  },
  courses: [buildPathCourse({ ...python, holyPeriods: ['ramadan'] }), sql],
  nextYear: {
    skills: ['Kafka'],
    courses: [
      {
        courseId: certificationId,
        title: 'Data Engineering Certificate',
        titleAr: 'شهادة هندسة البيانات',
        abbreviation: 'DEC',
        kind: 'external',
        provider: 'Coursera',
        url: null,
        level: 'advanced',
        estimatedHours: 120,
        covers: ['Kafka'],
        replacedBy: [python.courseId],
      },
    ],
    totalHours: 120,
    monthsAtBudget: 10,
  },
});

function renderPage() {
  return renderWithMasar(
    <Routes>
      <Route path="/learning-paths/*" element={<LearningPathsPage />} />
    </Routes>,
    { route: '/learning-paths' },
  );
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('the plan that does not fit 12 months', () => {
  it('shows the proposal, next year with the certification left for later, and Ramadan and Eid; accepting sends the decision', async () => {
    const stub = learningPathRoutes({
      paths: [pending],
      onUpdate: (path, changes) => ({
        ...path,
        weeklyHours: changes.decision === 'accept-proposal' ? 4.5 : path.weeklyHours,
        fit: { ...path.fit, choice: changes.decision === 'accept-proposal' ? 'accepted-proposal' : 'kept-budget' },
        nextYear: changes.decision === 'accept-proposal' ? { skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 } : path.nextYear,
      }),
    });
    const gateway = stubGateway(stub.routes);
    renderPage();

    const proposal = await screen.findByTestId('plan-proposal');
    expect(proposal.textContent).toContain('Your plan needs 211 h: more than 3 h a week allow in 12 months');
    expect(proposal.textContent).toContain('Study 4.5 h a week and every course fits into the 12 months.');
    expect(proposal.textContent).toContain('the courses for Kafka (120 h) move to next year');
    const nextYear = screen.getByTestId('next-year');
    expect(nextYear.textContent).toContain('These gaps wait for next year: Kafka. Their courses take 120 h, about 10 months at 3 h a week.');
    expect(within(nextYear).getByTestId('left-for-later').textContent).toContain(python.title);
    expect(screen.getByTestId('holy-periods').textContent).toContain('Ramadan, Feb 18, 2026 – Mar 19, 2026: a lighter load of 1.5 h a week.');
    expect(screen.getByTestId('holy-periods').textContent).toContain('Eid al-Fitr, Mar 20, 2026 – Mar 22, 2026: a holiday, with no study and no due date.');
    expect(screen.getAllByTestId('holy-period-tag').map((tag) => tag.textContent)).toEqual(['Ramadan']);

    fireEvent.click(within(proposal).getByTestId('accept-proposal'));
    await waitFor(() => expect(screen.queryByTestId('plan-proposal')).toBeNull());
    expect(gateway.callsTo('PATCH', /learning-paths/).map((call) => call.json)).toEqual([{ decision: 'accept-proposal' }]);
    expect(screen.getByTestId('plan-decided').textContent).toBe('Proposal accepted: every course fits into the 12 months.');
    expect(screen.queryByTestId('next-year')).toBeNull();
  });

  it('keeps the budget in Arabic and leaves next year in view', async () => {
    await act(() => changeLanguage('ar'));
    const gateway = stubGateway(
      learningPathRoutes({ paths: [pending], onUpdate: (path) => ({ ...path, fit: { ...path.fit, choice: 'kept-budget' } }) }).routes,
    );
    renderPage();

    const proposal = await screen.findByTestId('plan-proposal');
    expect(within(proposal).getByTestId('keep-budget').textContent).toBe('أبقِ 3 ساعات أسبوعيًا');
    fireEvent.click(within(proposal).getByTestId('keep-budget'));
    await waitFor(() => expect(screen.queryByTestId('plan-proposal')).toBeNull());
    expect(gateway.callsTo('PATCH', /learning-paths/).map((call) => call.json)).toEqual([{ decision: 'keep-budget' }]);
    expect(screen.getByTestId('next-year').textContent).toContain('شهادة هندسة البيانات');
    expect(screen.getByTestId('holy-periods').textContent).toContain('رمضان');
  });
});
