import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  buildCourseSummary,
  buildLearningPath,
  buildPathCourse,
  buildProgressCourse,
  buildProgressOverview,
  withRemovedCourses,
} from '../learning-path.factory';
import { learningPathRoutes, type LearningPathRoutesOptions } from '../learning-paths.stub';
import { LearningPathsPage } from './LearningPathsPage';

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderPage(route = '/learning-paths') {
  return renderWithMasar(
    <>
      <Routes>
        <Route path="/learning-paths/*" element={<LearningPathsPage />} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>
      <ShowLocation />
    </>,
    { route },
  );
}

function stubPaths(options: LearningPathRoutesOptions) {
  const stub = learningPathRoutes(options);
  return { ...stubGateway(stub.routes), current: stub.current };
}

const path = buildLearningPath();
const [python, sql, analytics] = path.courses;

async function findDetail() {
  return screen.findByTestId('learning-path-detail');
}

function courseRow(abbreviation: string): HTMLElement {
  const row = screen.getAllByTestId('path-course').find((card) => card.textContent?.includes(abbreviation));
  if (!row) throw new Error(`no course row for ${abbreviation}`);
  return row;
}

/** `getByRole` walks the whole accessibility tree of this large page, which is slow under jsdom. */
function buttonWithText(container: HTMLElement | null, text: string): HTMLElement {
  if (!container) throw new Error(`no container for the "${text}" button`);
  const button = within(container).getByText(text).closest('button');
  if (!button) throw new Error(`no "${text}" button`);
  return button;
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('LearningPathsPage', () => {
  it("shows the newest path's figures, gaps, uncovered skills, timeline and courses in study order", async () => {
    const older = buildLearningPath({ jobTitle: 'Business Analyst', createdAt: '2025-11-02T10:00:00.000Z' });
    const overview = buildProgressOverview(path, {
      courses: [buildProgressCourse(python, { status: 'completed', percent: 100 }), buildProgressCourse(sql, { status: 'in-progress', percent: 30 })],
    });
    stubPaths({ paths: [path, older], overview });
    renderPage();

    const detail = await findDetail();
    expect(screen.getByText('Learning Paths')).toBeTruthy();
    const items = screen.getAllByTestId('learning-path-item');
    expect(items.map((item) => item.textContent)).toEqual(['Data AnalystCreated Jan 5, 2026 · Courses: 3', 'Business AnalystCreated Nov 2, 2025 · Courses: 3']);
    expect(items[0].getAttribute('aria-current')).toBe('page');
    expect(items[1].getAttribute('href')).toBe(`/learning-paths/${older.id}`);

    expect(within(detail).getByTestId('path-job-title').textContent).toBe('Data Analyst');
    expect(screen.getByTestId('path-facts').textContent).toBe(
      'Start dateJan 5, 2026Weekly hours5 h a weekTotal hours95 hMonths needed5 months',
    );
    expect(screen.getByTestId('uncovered-skills').textContent).toContain('No course in the catalog teaches these skills yet: Power BI');

    // The chart's library downloads on demand (LearningPathDetail).
    expect(await screen.findByTestId('skill-gap-chart')).toBeTruthy();
    expect(screen.getAllByTestId('skill-gap').map((row) => row.textContent)).toEqual([
      'PythonTechnicalRequiredNone → WorkingHighPython for Data AnalysisNone',
      'SQLTechnicalRequiredBasic → WorkingMediumSQL FundamentalsBasic',
      'Data VisualizationTechnicalNice to haveNone → BasicLowGoogle Data Analytics Professional CertificateNone',
      'StatisticsFunctionalRequiredNone → WorkingHighGoogle Data Analytics Professional CertificateNone',
      'Power BITechnicalNice to haveNone → BasicLowNo course in the catalog closes this gap yetNone',
    ]);

    const months = within(screen.getByTestId('path-timeline')).getAllByTestId('timeline-month');
    expect(months).toHaveLength(12);
    const coursesIn = (month: number) => within(months[month - 1]).queryAllByTestId('timeline-course').map((entry) => entry.textContent);
    expect(coursesIn(1)).toEqual(['Python for Data Analysis · Jan 5, 2026 – due Feb 2, 2026', 'SQL Fundamentals · Feb 2, 2026 – due Feb 23, 2026']);
    expect(coursesIn(2)).toEqual(['SQL Fundamentals · Feb 2, 2026 – due Feb 23, 2026', 'Google Data Analytics Professional Certificate · Feb 23, 2026 – due May 18, 2026']);
    expect(coursesIn(5)).toHaveLength(1);
    expect(months[5].textContent).toBe('Month 6No course this month');
    expect(screen.queryByText('Beyond 12 months')).toBeNull();
    expect(screen.getAllByTestId('timeline-milestone').map((milestone) => milestone.textContent)).toEqual([
      'Quarter 1 milestone · due Apr 5, 2026Skills closed: Python and SQLCourses due: Python for Data Analysis and SQL Fundamentals',
      'Quarter 2 milestone · due Jul 5, 2026Skills closed: Data Visualization and StatisticsCourses due: Google Data Analytics Professional Certificate',
      'Quarter 3 milestone · due Oct 5, 2026Skills closed: noneCourses due: none',
      'Quarter 4 milestone · due Jan 5, 2027Skills closed: noneCourses due: none',
    ]);

    const rows = screen.getAllByTestId('path-course');
    expect(rows.map((row) => within(row).getByTestId('course-status').textContent)).toEqual(['Completed', 'In Progress', 'Pending']);
    expect(rows[0].textContent).toContain('1.Python for Data AnalysisPY-101');
    expect(rows[0].textContent).toContain('Intermediate · 20 h · Masar course · Months 1–1');
    expect(within(rows[0]).getByTestId('path-course-link').getAttribute('href')).toBe(`/courses/${python.courseId}`);
    expect(rows[2].textContent).toContain('Intermediate · 60 h · External · Coursera · Months 2–5');
    expect(within(rows[2]).getAllByTestId('covered-skill').map((tag) => tag.textContent)).toEqual(['Data Visualization', 'Statistics']);
    const external = within(rows[2]).getByTestId('path-course-link');
    expect(external.getAttribute('href')).toBe(analytics.url);
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect((within(rows[0]).getByTestId('move-up') as HTMLButtonElement).disabled).toBe(true);
    expect((within(rows[2]).getByTestId('move-down') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the path named in the URL, and marks the months past twelve', async () => {
    const long = buildLearningPath({
      jobTitle: 'Data Engineer',
      courses: [buildPathCourse({ title: 'Distributed Data Processing', abbreviation: 'DDP-301', startMonth: 11, endMonth: 14 })],
      monthsNeeded: 14,
      uncoveredSkills: [],
    });
    stubPaths({ paths: [path, long] });
    renderPage(`/learning-paths/${long.id}`);

    const detail = await findDetail();
    expect(within(detail).getByTestId('path-job-title').textContent).toBe('Data Engineer');
    expect(screen.getAllByTestId('learning-path-item')[1].getAttribute('aria-current')).toBe('page');
    expect(screen.queryByTestId('uncovered-skills')).toBeNull();
    const months = screen.getAllByTestId('timeline-month');
    expect(months).toHaveLength(14);
    expect(months[12].textContent).toContain('Month 13Beyond 12 months');
    expect(months[13].textContent).toContain('Distributed Data Processing');
    expect(months[11].textContent).not.toContain('Beyond 12 months');
  });

  it('re-plans at a new weekly budget and shows the re-planned figures', async () => {
    const gateway = stubPaths({
      paths: [path],
      onUpdate: (current, changes) => ({ ...current, weeklyHours: changes.weeklyHours ?? current.weeklyHours, monthsNeeded: 3 }),
    });
    renderPage();
    await findDetail();

    fireEvent.change(screen.getByTestId('weekly-hours-input'), { target: { value: '8' } });
    fireEvent.click(screen.getByText('Re-plan'));

    expect(await screen.findByText('Learning path updated')).toBeTruthy();
    expect(gateway.callsTo('PATCH', /\/api\/learning-paths\//).map((call) => [call.path, call.json])).toEqual([
      [`/api/learning-paths/${path.id}`, { weeklyHours: 8 }],
    ]);
    await waitFor(() => expect(screen.getByTestId('path-facts').textContent).toContain('Weekly hours8 h a week'));
    expect(screen.getByTestId('path-facts').textContent).toContain('Months needed3 months');
  });

  it('refuses a weekly budget over 40 hours with the rule, and sends nothing', async () => {
    const gateway = stubPaths({ paths: [path] });
    renderPage();
    await findDetail();

    fireEvent.change(screen.getByTestId('weekly-hours-input'), { target: { value: '45' } });
    fireEvent.click(screen.getByText('Re-plan'));

    expect(await screen.findByText('Weekly hours can be at most 40')).toBeTruthy();
    expect(gateway.callsTo('PATCH', /learning-paths/)).toEqual([]);
  });

  it('moves a course down with the whole new study order', async () => {
    const gateway = stubPaths({ paths: [path] });
    renderPage();
    await findDetail();

    fireEvent.click(within(courseRow('PY-101')).getByTestId('move-down'));

    expect(await screen.findByText('Learning path updated')).toBeTruthy();
    expect(gateway.callsTo('PATCH', /learning-paths/).map((call) => call.json)).toEqual([
      { courseOrder: [sql.courseId, python.courseId, analytics.courseId] },
    ]);
    await waitFor(() =>
      expect(screen.getAllByTestId('path-course').map((row) => row.getAttribute('data-course-id'))).toEqual([
        sql.courseId,
        python.courseId,
        analytics.courseId,
      ]),
    );
  });

  it('swaps a course for one teaching the same skill, never offering courses already in the path', async () => {
    const tableau = buildCourseSummary({ title: 'Data Visualization with Tableau', abbreviation: 'VIZ-201' });
    const alreadyIn = buildCourseSummary({ id: python.courseId, title: 'Python for Data Analysis', abbreviation: 'PY-101' });
    const statistics = buildCourseSummary({ title: 'Statistics for Analysts', abbreviation: 'STA-201', skills: ['Statistics'] });
    const replacement = buildPathCourse({ courseId: tableau.id, title: tableau.title, abbreviation: 'VIZ-201', covers: ['Data Visualization'] });
    const gateway = stubPaths({
      paths: [path],
      coursesBySkill: { 'Data Visualization': [alreadyIn, tableau], Statistics: [statistics] },
      onUpdate: (current) => ({ ...current, courses: [python, sql, replacement] }),
    });
    renderPage();
    await findDetail();

    fireEvent.click(within(courseRow('GDA')).getByTestId('swap-course'));
    const modal = await screen.findByTestId('swap-modal');
    await waitFor(() => expect(within(modal).getAllByTestId('swap-candidate')).toHaveLength(1));
    expect(within(modal).getByTestId('swap-candidate').textContent).toContain('Data Visualization with Tableau');
    expect(modal.textContent).not.toContain('PY-101');
    expect(gateway.callsTo('GET', /\/api\/courses$/).map((call) => call.search.get('skill'))).toEqual(['Data Visualization']);

    // Another covered skill lists the courses teaching it.
    fireEvent.click(within(modal).getByText('Statistics'));
    await waitFor(() => expect(within(modal).getByTestId('swap-candidate').textContent).toContain('Statistics for Analysts'));
    fireEvent.click(within(modal).getByText('Data Visualization'));
    fireEvent.click(await within(modal).findByText('Data Visualization with Tableau'));
    fireEvent.click(buttonWithText(document.querySelector<HTMLElement>('.ant-modal-footer'), 'Swap course'));

    expect(await screen.findByText('Learning path updated')).toBeTruthy();
    expect(gateway.callsTo('PATCH', /learning-paths/).map((call) => call.json)).toEqual([
      { swap: { courseId: analytics.courseId, replacementCourseId: tableau.id } },
    ]);
    await waitFor(() => expect(screen.queryByTestId('swap-modal')).toBeNull());
    await waitFor(() => expect(courseRow('VIZ-201')).toBeTruthy());
  });

  it('keeps a course deleted from the catalog in view, marked and with no way in, and swaps it', async () => {
    // Both kinds of link are withheld: Masar's own course page and the provider's site.
    const withRemoved = withRemovedCourses(path, [sql.courseId, analytics.courseId]);
    const tableau = buildCourseSummary({ title: 'Data Visualization with Tableau', abbreviation: 'VIZ-201' });
    const replacement = buildPathCourse({ courseId: tableau.id, title: tableau.title, abbreviation: 'VIZ-201', covers: ['Data Visualization'] });
    const gateway = stubPaths({
      paths: [withRemoved],
      coursesBySkill: { 'Data Visualization': [tableau] },
      onUpdate: (current) => ({ ...current, courses: [current.courses[0], current.courses[1], replacement] }),
    });
    renderPage();
    await findDetail();

    const kept = courseRow('PY-101');
    expect(within(kept).queryByTestId('course-removed')).toBeNull();
    expect(within(kept).getByTestId('path-course-link')).toBeTruthy();

    for (const removed of [courseRow('SQL-101'), courseRow('GDA')]) {
      expect(within(removed).getByTestId('course-removed').textContent).toBe('Removed from the catalog');
      expect(within(removed).getByTestId('course-removed-hint').textContent).toBe(
        'This course was deleted from the catalog. Swap it for another course that teaches the same skills.',
      );
      expect(within(removed).queryByTestId('path-course-link')).toBeNull();
      expect(within(removed).queryByRole('link')).toBeNull();
      expect((within(removed).getByTestId('swap-course') as HTMLButtonElement).disabled).toBe(false);
      expect((within(removed).getByTestId('move-up') as HTMLButtonElement).disabled).toBe(false);
    }
    expect(courseRow('GDA').textContent).toContain('Google Data Analytics Professional Certificate');
    expect((within(courseRow('SQL-101')).getByTestId('move-down') as HTMLButtonElement).disabled).toBe(false);

    const [firstMonth] = within(screen.getByTestId('path-timeline')).getAllByTestId('timeline-month');
    expect(within(firstMonth).getAllByTestId('timeline-course').map((entry) => entry.textContent)).toEqual([
      'Python for Data Analysis · Jan 5, 2026 – due Feb 2, 2026',
      'SQL Fundamentals Removed from the catalog · Feb 2, 2026 – due Feb 23, 2026',
    ]);

    fireEvent.click(within(courseRow('GDA')).getByTestId('swap-course'));
    const modal = await screen.findByTestId('swap-modal');
    fireEvent.click(await within(modal).findByText('Data Visualization with Tableau'));
    fireEvent.click(buttonWithText(document.querySelector<HTMLElement>('.ant-modal-footer'), 'Swap course'));

    expect(await screen.findByText('Learning path updated')).toBeTruthy();
    expect(gateway.callsTo('PATCH', /learning-paths/).map((call) => call.json)).toEqual([
      { swap: { courseId: analytics.courseId, replacementCourseId: tableau.id } },
    ]);
    await waitFor(() => expect(within(courseRow('VIZ-201')).queryByTestId('course-removed')).toBeNull());
    expect(screen.queryAllByTestId('path-course').some((row) => row.textContent?.includes('GDA'))).toBe(false);
    // What is left removed: SQL's row and its entries in months 1 and 2.
    expect(screen.getAllByTestId('course-removed')).toHaveLength(3);
  });

  it('disables every control that changes the path while a change is on its way', async () => {
    const { routes } = learningPathRoutes({ paths: [path] });
    stubGateway({ ...routes, 'PATCH /api/learning-paths/:id': () => never() });
    renderPage();
    await findDetail();

    fireEvent.click(within(courseRow('PY-101')).getByTestId('move-down'));

    const detail = screen.getByTestId('learning-path-detail');
    const controls = ['move-up', 'move-down', 'swap-course', 'delete-path'].flatMap((testId) => within(detail).getAllByTestId(testId));
    await waitFor(() => expect(controls.every((control) => (control as HTMLButtonElement).disabled)).toBe(true));
    fireEvent.change(screen.getByTestId('weekly-hours-input'), { target: { value: '8' } });
    expect(buttonWithText(screen.getByTestId('weekly-budget'), 'Re-plan')).toHaveProperty('disabled', true);
  });

  it("shows the server's message in an error toast when a change is refused", async () => {
    stubPaths({
      paths: [path],
      onUpdate: () => jsonResponse({ statusCode: 400, message: 'That course is already in this learning path' }, 400),
    });
    renderPage();
    await findDetail();

    fireEvent.click(within(courseRow('SQL-101')).getByTestId('move-up'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('The learning path could not be changed');
    expect(toast.textContent).toContain('That course is already in this learning path');
    expect(screen.getAllByTestId('path-course').map((row) => row.getAttribute('data-course-id'))[0]).toBe(python.courseId);
  });

  it('deletes the path after confirmation and goes back to /learning-paths', async () => {
    const older = buildLearningPath({ jobTitle: 'Business Analyst' });
    const gateway = stubPaths({ paths: [path, older] });
    renderPage(`/learning-paths/${path.id}`);
    await findDetail();

    fireEvent.click(screen.getByTestId('delete-path'));
    expect(await screen.findByText('Delete this learning path?')).toBeTruthy();
    fireEvent.click(buttonWithText(document.querySelector<HTMLElement>('.ant-popconfirm'), 'Delete'));

    expect(await screen.findByText('Learning path deleted')).toBeTruthy();
    expect(gateway.callsTo('DELETE', /learning-paths/).map((call) => call.path)).toEqual([`/api/learning-paths/${path.id}`]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/learning-paths'));
    await waitFor(() => expect(screen.getByTestId('path-job-title').textContent).toBe('Business Analyst'));
    expect(screen.getAllByTestId('learning-path-item')).toHaveLength(1);
  });

  it('invites a learner without paths to choose a job role', async () => {
    stubPaths({ paths: [] });
    renderPage();

    const empty = await screen.findByTestId('learning-paths-empty');
    expect(empty.textContent).toContain('No learning paths yet');
    fireEvent.click(within(empty).getByRole('button', { name: 'Choose a job role' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('says when the path in the URL does not exist, with a way back', async () => {
    stubPaths({ paths: [path] });
    renderPage('/learning-paths/40000000-0000-4000-8000-999999999999');

    const notFound = await screen.findByTestId('learning-path-not-found');
    expect(notFound.textContent).toContain('Learning path not found');
    fireEvent.click(within(notFound).getByRole('button', { name: 'Back to your learning paths' }));
    expect(screen.getByTestId('location').textContent).toBe('/learning-paths');
    expect((await findDetail()).getAttribute('data-path-id')).toBe(path.id);
  });

  it('shows why the paths could not be loaded, and Retry loads them again', async () => {
    let failing = true;
    const { routes } = learningPathRoutes({ paths: [path] });
    stubGateway({
      ...routes,
      'GET /api/learning-paths': (request, params, url) =>
        failing ? jsonResponse({ statusCode: 503, message: 'svc-progress did not answer in time' }, 503) : routes['GET /api/learning-paths'](request, params, url),
    });
    renderPage();

    const error = await screen.findByTestId('learning-paths-error');
    expect(error.textContent).toContain('Your learning paths could not be loaded');
    expect(error.textContent).toContain('svc-progress did not answer in time');
    failing = false;
    fireEvent.click(screen.getByTestId('learning-paths-retry'));
    expect(await findDetail()).toBeTruthy();
  });

  it('shows a skeleton while the paths load', async () => {
    stubGateway({ 'GET /api/learning-paths': () => new Promise<Response>(() => undefined) });
    renderPage();
    expect(await screen.findByTestId('learning-paths-loading')).toBeTruthy();
  });

  it('reads in Arabic: texts, level names, Arabic skill names and course titles', async () => {
    stubPaths({ paths: [path] });
    await act(() => changeLanguage('ar'));
    renderPage();

    await findDetail();
    expect(screen.getByText('مسارات التعلّم')).toBeTruthy();
    expect(screen.getByTestId('uncovered-skills').textContent).toContain('لا توجد بعد دورة في الكتالوج تُدرّس هذه المهارات');
    const gaps = screen.getAllByTestId('skill-gap').map((row) => row.textContent);
    expect(gaps[0]).toBe('بايثونتقنيةمطلوبةلا يوجد ← عمليعاليةبايثون لتحليل البياناتلا يوجد');
    expect(gaps[1]).toContain('SQL');
    const rows = screen.getAllByTestId('path-course');
    expect(rows[0].textContent).toContain('بايثون لتحليل البيانات');
    expect(rows[0].textContent).toContain('معلّقة');
    // No Arabic title: the catalog's own.
    expect(rows[2].textContent).toContain('Google Data Analytics Professional Certificate');
    expect(within(rows[2]).getAllByTestId('covered-skill').map((tag) => tag.textContent)).toEqual(['تمثيل البيانات بصرياً', 'الإحصاء']);
    expect(screen.getAllByText('نقل للأسفل').length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('timeline-month')[5].textContent).toContain('لا توجد دورة في هذا الشهر');
  });

  it('marks a course deleted from the catalog in Arabic', async () => {
    stubPaths({ paths: [withRemovedCourses(path, [sql.courseId])] });
    await act(() => changeLanguage('ar'));
    renderPage();

    await findDetail();
    const row = courseRow('SQL-101');
    expect(within(row).getByTestId('course-removed').textContent).toBe('أُزيلت من الكتالوج');
    expect(within(row).getByTestId('course-removed-hint').textContent).toBe(
      'حُذفت هذه الدورة من الكتالوج. استبدلها بدورة أخرى تُدرّس المهارات نفسها.',
    );
    expect(within(row).queryByTestId('path-course-link')).toBeNull();
    expect(within(screen.getByTestId('path-timeline')).getAllByTestId('course-removed')[0].textContent).toBe('أُزيلت من الكتالوج');
  });
});
