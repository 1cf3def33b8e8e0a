import { AGENT_TASK_STEPS, AGENT_TASK_TITLES, serviceUnavailableMessage } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { buildAgentTask } from '../../agents/agent-task.factory';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  buildQualityCoursePage,
  buildQualityReport,
  buildQualitySummary,
  buildReviewTask,
  FLAGGED_LESSON_ID,
  REVIEWED_COURSE_ID,
} from '../quality.factory';
import { QualityPage } from './QualityPage';

function reviewedGateway(extra: Parameters<typeof stubGateway>[0] = {}) {
  return stubGateway({
    'GET /api/quality/summary': () => jsonResponse(buildQualitySummary()),
    'GET /api/quality/courses': () => jsonResponse(buildQualityCoursePage()),
    'GET /api/quality/courses/:courseId': () => jsonResponse(buildQualityReport()),
    ...extra,
  });
}

describe('QualityPage', () => {
  beforeEach(async () => {
    await act(() => changeLanguage('en'));
  });

  it('shows a loading state while the figures are on their way', () => {
    stubGateway({ 'GET /api/quality/summary': () => never() });
    renderWithMasar(<QualityPage />, { route: '/quality' });
    expect(screen.getByTestId('quality-loading')).toBeTruthy();
  });

  it('shows the empty state before any course is reviewed, with a way to the agents', async () => {
    stubGateway({ 'GET /api/quality/summary': () => jsonResponse(buildQualitySummary({ coursesReviewed: 0, checksRun: 0, passed: 0, failed: 0, passRate: null })) });
    renderWithMasar(<QualityPage />, { route: '/quality' });
    expect((await screen.findByTestId('quality-empty')).textContent).toContain('No quality checks yet');
    expect(screen.getByText('Open the AI Agents Control Center').closest('a')?.getAttribute('href')).toBe('/ai-agents');
  });

  it('says so when the figures cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    stubGateway({
      'GET /api/quality/summary': () => {
        calls += 1;
        return calls === 1 ? jsonResponse({ statusCode: 503, message: 'courses is unavailable' }, 503) : jsonResponse(buildQualitySummary());
      },
      'GET /api/quality/courses': () => jsonResponse(buildQualityCoursePage()),
    });
    renderWithMasar(<QualityPage />, { route: '/quality' });
    const error = await screen.findByTestId('quality-error');
    expect(error.textContent).toContain('The quality figures could not be loaded.');
    fireEvent.click(within(error).getByText('Try again'));
    expect(await screen.findAllByTestId('quality-stat')).toHaveLength(4);
  });

  it('shows the real figures, issues by severity and by check, and each course with its worst issue', async () => {
    reviewedGateway();
    renderWithMasar(<QualityPage />, { route: '/quality' });
    const stats = await screen.findAllByTestId('quality-stat');
    expect(stats.map((stat) => stat.textContent)).toEqual(['Courses Reviewed3', 'Checks Run240', 'Pass Rate98.3%', 'Issues Found4']);
    expect(screen.getByTestId('quality-by-severity').textContent).toBe('Issues by severityCritical1Major2Minor1Info0');
    expect(within(screen.getByTestId('quality-by-check')).getByText('Placeholder text')).toBeTruthy();
    const rows = await screen.findAllByText(/SQL for Reporting|Team Leadership Basics/);
    expect(rows[0].closest('a')?.getAttribute('href')).toBe(`/courses?courseId=${REVIEWED_COURSE_ID}&action=view`);
    expect(screen.getByText('Critical', { selector: '.ant-table-cell .ant-tag' })).toBeTruthy();
    expect(screen.getByText('No issues')).toBeTruthy();
  });

  it("opens a course's report: its issues first, each linked to its lesson, the passed checks on demand", async () => {
    reviewedGateway();
    renderWithMasar(<QualityPage />, { route: '/quality' });
    fireEvent.click((await screen.findAllByTestId('quality-view-report'))[0]);
    const report = await screen.findByTestId('quality-report');
    expect(report.textContent).toContain('2 issues in 3 checks');
    const findings = within(report).getAllByTestId('quality-finding');
    expect(findings).toHaveLength(2);
    expect(within(findings[0]).getByText('Reading Tables › Filtering Rows').getAttribute('href')).toBe(`/courses/${REVIEWED_COURSE_ID}/lessons/${FLAGGED_LESSON_ID}`);
    expect(findings[1].textContent).toContain('Whole course');
    expect(findings[1].textContent).toContain('The lessons add up to 3 hours');
    expect(within(report).getByText(/Show passed checks \(1 checks passed\)/)).toBeTruthy();
  });

  it('re-runs a review of one course and follows the task until it ends, then refreshes the figures', async () => {
    let summaries = 0;
    const gateway = reviewedGateway({
      'GET /api/quality/summary': () => {
        summaries += 1;
        return jsonResponse(buildQualitySummary());
      },
      'POST /api/quality/reviews': () => jsonResponse({ task: buildReviewTask() }, 202),
      'GET /api/ai-agents/tasks/:id': () =>
        jsonResponse({ task: buildReviewTask({ status: 'completed', progress: 100, currentStep: null, result: { courseId: REVIEWED_COURSE_ID, changes: ['"SQL for Reporting": 80 checks, 3 failed'] } }) }),
    });
    renderWithMasar(<QualityPage />, { route: '/quality' });
    fireEvent.click((await screen.findAllByTestId('quality-rerun'))[0]);
    expect((await screen.findByTestId('quality-task')).textContent).toContain('Review finished: Quality review: SQL for Reporting');
    expect(gateway.callsTo('POST', /\/api\/quality\/reviews$/)[0].json).toEqual({ courseId: REVIEWED_COURSE_ID });
    await waitFor(() => expect(summaries).toBe(2));
  });

  it('reviews all courses, and shows the running task with its progress and step', async () => {
    const gateway = reviewedGateway({
      'POST /api/quality/reviews': () => jsonResponse({ task: buildReviewTask({ title: 'Quality review of 3 courses' }) }, 202),
      'GET /api/ai-agents/tasks/:id': () =>
        jsonResponse({ task: buildReviewTask({ title: 'Quality review of 3 courses', status: 'running', progress: 50, currentStep: 'Saving the reviews' }) }),
    });
    renderWithMasar(<QualityPage />, { route: '/quality' });
    await screen.findAllByTestId('quality-stat');
    fireEvent.click(screen.getByTestId('quality-review-all'));
    const banner = await screen.findByText('Reviewing: Quality review of 3 courses');
    expect(banner.closest('[data-testid="quality-task"]')?.textContent).toContain('50% · Saving the reviews');
    expect(gateway.callsTo('POST', /\/api\/quality\/reviews$/)[0].json).toEqual({});
  });

  it('follows a review in Arabic: its step, and why it failed', async () => {
    let answer = buildReviewTask({ title: AGENT_TASK_TITLES.qualityReviewOfCourses(34), status: 'running', progress: 30, currentStep: AGENT_TASK_STEPS.reviewingCourses(11, 20, 34) });
    reviewedGateway({
      'POST /api/quality/reviews': () => jsonResponse({ task: buildReviewTask({ title: AGENT_TASK_TITLES.qualityReviewOfCourses(34) }) }, 202),
      'GET /api/ai-agents/tasks/:id': () => jsonResponse({ task: answer }),
    });
    await act(() => changeLanguage('ar'));
    renderWithMasar(<QualityPage />, { route: '/quality' });
    await screen.findAllByTestId('quality-stat');
    fireEvent.click(screen.getByTestId('quality-review-all'));
    const number = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect((await screen.findByTestId('toast')).textContent).toContain(`مراجعة جودة الدورات (${number(34)})`);
    await waitFor(() =>
      expect(screen.getByTestId('quality-task').textContent).toContain(`جارٍ مراجعة الدورات من ${number(11)} إلى ${number(20)} من أصل ${number(34)}`),
    );
    expect(screen.getByTestId('quality-task').textContent).toContain(`جارٍ مراجعة: مراجعة جودة الدورات (${number(34)})`);
    answer = { ...answer, status: 'failed', currentStep: null, error: serviceUnavailableMessage('ai') };
    await waitFor(() => expect(screen.getByTestId('quality-task').textContent).toContain('فشلت المراجعة: خدمة'));
    expect(screen.getByTestId('quality-task').textContent).not.toContain('is unavailable');
  });

  it('reads in Arabic', async () => {
    reviewedGateway();
    await act(() => changeLanguage('ar'));
    renderWithMasar(<QualityPage />, { route: '/quality' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('ضمان الجودة');
    const stats = await screen.findAllByTestId('quality-stat');
    expect(stats[0].textContent).toContain('الدورات المُراجَعة');
    expect(screen.getByTestId('quality-review-all').textContent).toBe('مراجعة جميع الدورات');
    expect(screen.getByTestId('quality-by-severity').textContent).toContain('حرجة');
  });

  it('starts the Content Enhancement agent on one reviewed course for an admin, and says so', async () => {
    const enhancement = buildAgentTask({ title: 'Content enhancement: SQL for Reporting', type: 'content-enhancement', status: 'queued', progress: 0 });
    const gateway = stubGateway(
      {
        'GET /api/quality/summary': () => jsonResponse(buildQualitySummary()),
        'GET /api/quality/courses': () => jsonResponse(buildQualityCoursePage()),
        'POST /api/ai-agents/enhancements': () => jsonResponse({ tasks: [enhancement] }, 202),
      },
      buildUser({ role: 'admin' }),
    );
    renderWithMasar(<QualityPage />, { route: '/quality' });
    const [enhance] = await screen.findAllByTestId('quality-enhance');
    fireEvent.click(enhance);
    expect((await screen.findByTestId('toast')).textContent).toBe('Content enhancement startedContent enhancement: SQL for Reporting');
    expect(gateway.callsTo('POST', /enhancements$/).map((call) => call.json)).toEqual([{ courseId: REVIEWED_COURSE_ID }]);
  });
});

