import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { buildLearningPath, buildProgressCourse, buildProgressOverview, withRemovedCourses } from '../learning-path.factory';
import { learningPathRoutes } from '../learning-paths.stub';
import { LearningPathOverview } from './LearningPathOverview';

const path = buildLearningPath();
const [python, sql, analytics] = path.courses;

function renderOverview() {
  return renderWithMasar(<LearningPathOverview />, { route: '/' });
}

/** Antd's Statistic: its title, then its value. */
function statistic(testId: string): string {
  return screen.getByTestId(testId).textContent ?? '';
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('LearningPathOverview', () => {
  it('renders nothing for a learner without a learning path', async () => {
    const gateway = stubGateway(learningPathRoutes({ paths: [] }).routes);
    const { container } = renderOverview();

    expect(await screen.findByTestId('learning-path-overview-loading')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('learning-path-overview-loading')).toBeNull());
    expect(gateway.callsTo('GET', /\/api\/learning-paths$/)).toHaveLength(1);
    expect(screen.queryByTestId('learning-path-overview')).toBeNull();
    expect(container.querySelector('.ant-app')?.textContent).toBe('');
  });

  it('shows the newest path as steps to follow, its summary, its courses and the progress made', async () => {
    const older = buildLearningPath({ jobTitle: 'Business Analyst' });
    const overview = buildProgressOverview(path, {
      overallPercent: 45,
      courses: [
        buildProgressCourse(python, { status: 'completed', percent: 100 }),
        buildProgressCourse(sql, { status: 'in-progress', percent: 35 }),
        buildProgressCourse(analytics, { status: 'pending' }),
      ],
      learningPath: {
        id: path.id,
        jobTitle: path.jobTitle,
        courseCount: 3,
        completedCourseCount: 1,
        skillsCovered: 4,
        months: 5,
        totalHours: 95,
        percent: 33,
      },
    });
    stubGateway(learningPathRoutes({ paths: [path, older], overview }).routes);
    renderOverview();

    const section = await screen.findByTestId('learning-path-overview');
    expect(section.textContent).toContain('Steps to follow: Data Analyst');
    const steps = [...section.querySelectorAll('.ant-steps-item')];
    // A finished step shows a tick instead of its number.
    expect(steps.map((step) => step.textContent)).toEqual([
      'Python for Data AnalysisMonth 1–1',
      '2SQL FundamentalsMonth 1–2',
      '3Google Data Analytics Professional CertificateMonth 2–5',
    ]);
    // The first course not completed is the one to work on.
    expect(steps.map((step) => step.className.includes('ant-steps-item-process'))).toEqual([false, true, false]);

    const summary = screen.getByTestId('path-summary');
    expect(summary.textContent).toContain('Summary');
    expect(within(summary).getByRole('progressbar', { name: 'Progress on this learning path' }).getAttribute('aria-valuenow')).toBe('33');
    expect(statistic('summary-courses')).toBe('Courses3');
    expect(statistic('summary-months')).toBe('Months5');
    expect(statistic('summary-skills')).toBe('Skills4');

    const courses = within(screen.getByTestId('path-course-list')).getAllByTestId('path-course');
    expect(courses.map((course) => course.textContent)).toEqual([
      'Python for Data Analysis20 hPythonCompleted',
      'SQL Fundamentals15 hSQLIn Progress',
      'Google Data Analytics Professional Certificate 60 hData VisualizationStatisticsPending',
    ]);
    expect(within(courses[0]).getByTestId('path-course-link').getAttribute('href')).toBe(`/courses/${python.courseId}`);

    const progress = screen.getByTestId('your-progress');
    expect(progress.textContent).toContain('Your Progress');
    expect(statistic('progress-overall')).toBe('Overall completion45%');
    expect(statistic('progress-completed')).toBe('Completed1');
    expect(statistic('progress-remaining')).toBe('Remaining2');

    expect(screen.getByTestId('view-full-path').getAttribute('href')).toBe(`/learning-paths/${path.id}`);
    expect(screen.getByTestId('view-full-path').textContent).toContain('View full learning path');
  });

  it("shows 0% for a path the overview does not sum up, and counts the path's own skills and months", async () => {
    const other = buildLearningPath();
    stubGateway(learningPathRoutes({ paths: [path], overview: buildProgressOverview(other) }).routes);
    renderOverview();

    await screen.findByTestId('learning-path-overview');
    expect(within(screen.getByTestId('path-summary')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(statistic('summary-months')).toBe('Months5');
    expect(statistic('summary-skills')).toBe('Skills4');
    expect(statistic('progress-completed')).toBe('Completed0');
    expect(statistic('progress-remaining')).toBe('Remaining3');
  });

  it('marks a course deleted from the catalog and offers no way into it', async () => {
    stubGateway(learningPathRoutes({ paths: [withRemovedCourses(path, [python.courseId, analytics.courseId])] }).routes);
    renderOverview();

    const section = await screen.findByTestId('learning-path-overview');
    const steps = [...section.querySelectorAll('.ant-steps-item')];
    expect(steps.map((step) => step.querySelector('[data-testid="course-removed"]')?.textContent ?? null)).toEqual([
      'Removed from the catalog',
      null,
      'Removed from the catalog',
    ]);
    const [removed, kept, removedExternal] = within(screen.getByTestId('path-course-list')).getAllByTestId('path-course');
    expect(removed.textContent).toBe('Python for Data Analysis20 hPythonRemoved from the catalogPending');
    expect(within(removed).queryByRole('link')).toBeNull();
    expect(within(removedExternal).getByTestId('course-removed')).toBeTruthy();
    expect(within(removedExternal).queryByRole('link')).toBeNull();
    expect(within(kept).queryByTestId('course-removed')).toBeNull();
    expect(within(kept).getByTestId('path-course-link').getAttribute('href')).toBe(`/courses/${sql.courseId}`);
  });

  it('shows why the path could not be loaded', async () => {
    stubGateway({ 'GET /api/learning-paths': () => jsonResponse({ statusCode: 502, message: 'Bad gateway' }, 502) });
    renderOverview();

    const error = await screen.findByTestId('learning-path-overview-error');
    expect(error.textContent).toContain('Your learning path could not be loaded');
    expect(error.textContent).toContain('Bad gateway');
  });

  it('reads in Arabic, with the Arabic course titles', async () => {
    stubGateway(learningPathRoutes({ paths: [path] }).routes);
    await act(() => changeLanguage('ar'));
    renderOverview();

    const section = await screen.findByTestId('learning-path-overview');
    expect(section.textContent).toContain('الخطوات التي ستتبعها: Data Analyst');
    expect(section.textContent).toContain('بايثون لتحليل البيانات');
    expect(section.textContent).toContain('أساسيات SQL');
    expect(screen.getByTestId('your-progress').textContent).toContain('تقدّمك');
    expect(screen.getByTestId('view-full-path').textContent).toContain('عرض مسار التعلّم كاملاً');
  });
});
