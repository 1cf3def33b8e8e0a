import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildLearningPath } from '../learning-path.factory';
import { learningPathRoutes } from '../learning-paths.stub';
import { LearningPathsPage } from './LearningPathsPage';

const path = buildLearningPath({ startDate: '2026-03-20' });

function renderPage() {
  return renderWithMasar(
    <Routes>
      <Route path="/learning-paths/*" element={<LearningPathsPage />} />
    </Routes>,
    { route: '/learning-paths' },
  );
}

function gapRow(skill: string): HTMLElement {
  const row = screen.getAllByTestId('skill-gap').find((candidate) => candidate.getAttribute('data-skill') === skill);
  if (!row) throw new Error(`no gap row for ${skill}`);
  return row;
}

const savedSkills = (skills: Array<{ skill: string; level: string }>) =>
  jsonResponse({ skills: skills.map((entry) => ({ ...entry, source: 'self-assessment', updatedAt: '2026-03-21T09:00:00.000Z' })) });

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('the gap view', () => {
  it("lets the learner set their level in a gap right there, then re-plans the path with the server's new gaps", async () => {
    const stub = learningPathRoutes({
      paths: [path],
      // The server measures the gaps again at the new level: Python, now strong, is no gap any more.
      onUpdate: (current) => ({ ...current, gaps: current.gaps.filter((gap) => gap.skill !== 'Python') }),
    });
    const gateway = stubGateway({ ...stub.routes, 'PUT /api/learner-skills': async (request) => savedSkills((await request.json()).skills) });
    renderPage();
    await screen.findByTestId('learning-path-detail');

    fireEvent.mouseDown(within(gapRow('Python')).getByRole('combobox', { name: 'Your level in Python' }));
    fireEvent.click(await screen.findByTitle('Strong'));

    expect(await screen.findByText('Learning path updated')).toBeTruthy();
    expect(gateway.callsTo('PUT', /learner-skills/).map((call) => call.json)).toEqual([{ skills: [{ skill: 'Python', level: 'strong' }] }]);
    expect(gateway.callsTo('PATCH', /learning-paths/).map((call) => call.json)).toEqual([{ weeklyHours: path.weeklyHours }]);
    await waitFor(() => expect(screen.getAllByTestId('skill-gap').map((row) => row.getAttribute('data-skill'))).not.toContain('Python'));
  });

  it('says how far a course takes a skill when no course in the catalog teaches up to the target', async () => {
    // The catalog's only Python course is a beginner one (basic) for a working target; Statistics' is intermediate.
    const beginnerPython = { ...path, courses: path.courses.map((course) => (course.covers.includes('Python') ? { ...course, level: 'beginner' as const } : course)) };
    stubGateway(learningPathRoutes({ paths: [beginnerPython] }).routes);
    renderPage();
    await screen.findByTestId('learning-path-detail');
    expect(within(gapRow('Python')).getByTestId('gap-reached-level').textContent).toBe(
      'Takes you to Basic: no course in the catalog teaches up to Working',
    );
    expect(within(gapRow('Statistics')).queryByTestId('gap-reached-level')).toBeNull();
  });

  it('toasts why a level could not be saved, and re-plans nothing', async () => {
    const stub = learningPathRoutes({ paths: [path] });
    const gateway = stubGateway({
      ...stub.routes,
      'PUT /api/learner-skills': () => jsonResponse({ statusCode: 400, message: 'skills.0.level: level must be none, basic, working, strong or expert' }, 400),
    });
    renderPage();
    await screen.findByTestId('learning-path-detail');

    fireEvent.mouseDown(within(gapRow('SQL')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Expert'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Your level in SQL could not be saved');
    expect(toast.textContent).toContain('level must be none, basic, working, strong or expert');
    expect(gateway.callsTo('PATCH', /learning-paths/)).toEqual([]);
  });

  it('in English gives the Gregorian start date, with its Umm al-Qura Hijri day in a tooltip the keyboard opens', async () => {
    stubGateway(learningPathRoutes({ paths: [path] }).routes);
    renderPage();
    await screen.findByTestId('learning-path-detail');

    const start = within(screen.getByTestId('path-facts')).getByTestId('plan-date');
    expect(start.textContent).toBe('Mar 20, 2026');
    expect(start.getAttribute('tabindex')).toBe('0');
    fireEvent.focus(start);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Hijri (Umm al-Qura): Shawwal 1, 1447 AH');
  });

  it("in English gives each timeline date the Hijri day on hover or focus, a milestone's due date too", async () => {
    stubGateway(learningPathRoutes({ paths: [path] }).routes);
    renderPage();
    await screen.findByTestId('learning-path-detail');

    // The first course runs from 5 January to 2 February 2026.
    const [start, due] = within(screen.getAllByTestId('timeline-course')[0]).getAllByTestId('plan-date');
    expect([start.textContent, due.textContent]).toEqual(['Jan 5, 2026', 'Feb 2, 2026']);
    for (const date of [start, due]) expect(date.getAttribute('tabindex')).toBe('0');
    fireEvent.focus(start);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Hijri (Umm al-Qura): Rajab 16, 1447 AH');
    fireEvent.blur(start);
    fireEvent.mouseEnter(due);
    await waitFor(() => expect(screen.getAllByRole('tooltip').map((tip) => tip.textContent)).toContain('Hijri (Umm al-Qura): Shaʻban 14, 1447 AH'));
    fireEvent.mouseLeave(due);
    const milestoneDate = within(screen.getAllByTestId('timeline-milestone')[0]).getByTestId('plan-date');
    expect(milestoneDate.getAttribute('tabindex')).toBe('0');
    fireEvent.focus(milestoneDate);
    await waitFor(() => expect(screen.getAllByRole('tooltip').map((tip) => tip.textContent)).toContainEqual(expect.stringMatching(/^Hijri \(Umm al-Qura\): .+ AH$/)));
  });

  it('in Arabic gives every plan date in the Hijri and the Gregorian calendar, and names the course closing each gap', async () => {
    stubGateway(learningPathRoutes({ paths: [path] }).routes);
    await act(() => changeLanguage('ar'));
    renderPage();
    await screen.findByTestId('learning-path-detail');

    const start = within(screen.getByTestId('path-facts')).getByTestId('plan-date').textContent ?? '';
    expect(start).toMatch(/^(1|١) شوال (1447|١٤٤٧) هـ الموافق (20|٢٠) مارس (2026|٢٠٢٦)$/);
    // The timeline's dates go through the same helper.
    expect(screen.getAllByTestId('timeline-milestone')[0].textContent).toMatch(/هـ الموافق/);
    expect(within(gapRow('Python')).getByTestId('gap-closed-by').textContent).toBe('بايثون لتحليل البيانات');
    expect(within(gapRow('Power BI')).getByTestId('gap-closed-by').textContent).toBe('لا توجد بعد دورة في الكتالوج تسدّ هذه الفجوة');
    expect(within(gapRow('Python')).getByRole('combobox', { name: 'مستواك في بايثون' })).toBeTruthy();
  });
});
