import { AGENT_TASK_TITLES, aiFeatureOffMessage, COURSE_CREATION_STAGE_MESSAGES } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildQualitySummary } from '../../quality/quality.factory';
import { buildAgentStats, buildAgentTask, buildCourseSummary } from '../agent-task.factory';
import { AgentsPage } from './AgentsPage';

const running = buildAgentTask({ title: 'SQL and Relational Databases' });
const paused = buildAgentTask({ title: 'Python for Data Analysis', status: 'paused', progress: 50, currentStep: 'Writing module 4 of 6: Cleaning data' });
const completed = buildAgentTask({
  title: 'Agile and Scrum in Practice',
  status: 'completed',
  progress: 100,
  currentStep: null,
  canPause: false,
  canCancel: false,
  endTime: '2026-11-25T10:00:42.000Z',
  result: { courseId: '22222222-2222-4222-8222-222222222222', courseTitle: 'Agile and Scrum in Practice', modules: 6, lessons: 12 },
  logs: [
    { at: '2026-11-25T10:00:00.000Z', message: 'Started' },
    { at: '2026-11-25T10:00:41.000Z', message: 'Saved the course "Agile and Scrum in Practice": 6 modules, 12 lessons' },
  ],
});
const stats = buildAgentStats({
  total: 3,
  running: 1,
  completed: 1,
  failed: 0,
  byAgent: {
    'course-creation': { total: 3, running: 1, completed: 1, failed: 0 },
    'quality-assurance': { total: 0, running: 0, completed: 0, failed: 0 },
    'content-enhancement': { total: 0, running: 0, completed: 0, failed: 0 },
  },
});

function stubAgents(items = [running, paused, completed]) {
  return stubGateway(
    {
      'GET /api/ai-agents/stats': () => jsonResponse(stats),
      'GET /api/quality/summary': () => jsonResponse(buildQualitySummary({ coursesReviewed: 41, checksRun: 410, passed: 380, failed: 30, passRate: 92.7 })),
      'GET /api/ai-agents/tasks': (_request, _params, url) =>
        jsonResponse({ items: items.filter((task) => !url.searchParams.get('status') || task.status === url.searchParams.get('status')), total: items.length, page: 1, pageSize: 10 }),
      'GET /api/ai-agents/tasks/:id': (_request, { id }) => jsonResponse({ task: items.find((task) => task.id === id) }),
      'POST /api/ai-agents/tasks/:id/pause': (_request, { id }) => jsonResponse({ task: { ...items.find((task) => task.id === id), status: 'paused' } }),
      'POST /api/ai-agents/tasks/:id/cancel': () =>
        jsonResponse({ statusCode: 409, message: 'This task has already completed; it can no longer be changed' }, 409),
    },
    buildUser({ role: 'admin' }),
  );
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('AgentsPage', () => {
  it('shows the real figures, each agent with its own counts, and every task with the controls its state offers', async () => {
    stubAgents();
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    await waitFor(() => expect(screen.getAllByTestId('agent-task')).toHaveLength(3));
    expect(screen.getAllByTestId('stat-card').map((card) => card.textContent)).toEqual(['Total Tasks3', 'Running1', 'Completed1', 'Failed0']);
    expect(screen.getAllByTestId('agent-card-counts').map((counts) => counts.textContent)).toEqual([
      '3 tasks · 1 running · 1 completed · 0 failed',
      '0 tasks · 0 running · 0 completed · 0 failed',
      '0 tasks · 0 running · 0 completed · 0 failed',
    ]);
    expect(screen.getByTestId('agents-open-prompts').textContent).toBe('Prompt templates');
    await waitFor(() => expect(screen.getByTestId('agent-card-quality').textContent).toBe('410 checks run on 41 courses · 92.7% passed'));
    const [first, second, third] = screen.getAllByTestId('agent-task');
    expect(within(first).getByTestId('agent-task-step').textContent).toBe('Writing module 3 of 6: Querying and Aggregating');
    expect(within(first).queryByTestId('agent-task-pause')).not.toBeNull();
    expect(within(first).queryByTestId('agent-task-resume')).toBeNull();
    expect(within(second).queryByTestId('agent-task-pause')).toBeNull();
    expect(within(second).queryByTestId('agent-task-resume')).not.toBeNull();
    expect(within(third).queryByTestId('agent-task-cancel')).toBeNull();
    expect(within(third).getByTestId('agent-task-status').textContent).toBe('Completed');
  });

  it('pauses a task through the gateway, and shows the server message when a control is refused', async () => {
    const gateway = stubAgents();
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    const [first] = await screen.findAllByTestId('agent-task');
    fireEvent.click(within(first).getByTestId('agent-task-pause'));
    await waitFor(() => expect(gateway.callsTo('POST', /\/pause$/)).toHaveLength(1));
    expect(gateway.callsTo('POST', /\/pause$/)[0].path).toBe(`/api/ai-agents/tasks/${running.id}/pause`);

    fireEvent.click(within(first).getByTestId('agent-task-cancel'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Could not cancel the task');
    expect(toast.textContent).toBe('Could not cancel the taskThis task has already completed; it can no longer be changed');
  });

  it('shows the details of the chosen task: type, times, duration, result link and log', async () => {
    stubAgents();
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    expect(screen.getByTestId('agent-task-details').textContent).toContain('Select a task to see its details.');
    const tasks = await screen.findAllByTestId('agent-task');
    fireEvent.click(within(tasks[2]).getByTestId('agent-task-title'));
    const link = await screen.findByTestId('agent-task-course');
    expect(link.getAttribute('href')).toBe('/courses?courseId=22222222-2222-4222-8222-222222222222&action=view');
    const details = screen.getByTestId('agent-task-details');
    expect(within(details).getByTestId('agent-task-duration').textContent).toBe('42 seconds');
    expect(details.textContent).toContain('Ready AI course');
    expect(screen.getByTestId('agent-task-logs').textContent).toContain('Saved the course "Agile and Scrum in Practice": 6 modules, 12 lessons');
  });

  it('filters by status through the gateway and says when nothing matches', async () => {
    const gateway = stubAgents([running]);
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    await screen.findAllByTestId('agent-task');
    fireEvent.mouseDown(within(screen.getByTestId('agent-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Failed'));
    expect((await screen.findByTestId('active-tasks-empty')).textContent).toContain('No task matches these filters.');
    expect(gateway.callsTo('GET', /\/api\/ai-agents\/tasks$/).some((call) => call.search.get('status') === 'failed')).toBe(true);
  });

  it("speaks Arabic, the tasks' steps and why one failed too", async () => {
    await act(() => changeLanguage('ar'));
    const failed = buildAgentTask({
      title: AGENT_TASK_TITLES.qualityReviewOfCourses(3),
      type: 'quality-review',
      status: 'failed',
      currentStep: null,
      error: aiFeatureOffMessage('quality-review'),
      canPause: false,
      canCancel: false,
    });
    const fromFiles = buildAgentTask({ title: AGENT_TASK_TITLES.courseWithMaterials('Onboarding'), type: 'course-from-documents', currentStep: COURSE_CREATION_STAGE_MESSAGES.readingMany(3) });
    stubAgents([running, paused, completed, failed, fromFiles]);
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    const tasks = await screen.findAllByTestId('agent-task');
    expect(screen.getByText('مركز التحكم بوكلاء الذكاء الاصطناعي')).toBeTruthy();
    expect(screen.getAllByTestId('agent-task-status').map((tag) => tag.textContent)).toEqual(['قيد التشغيل', 'متوقفة مؤقتًا', 'مكتملة', 'فاشلة', 'قيد التشغيل']);
    const number = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect(screen.getAllByTestId('agent-task-step').map((step) => step.textContent)).toEqual([
      `جارٍ كتابة الوحدة ${number(3)} من ${number(6)}: Querying and Aggregating`,
      `جارٍ كتابة الوحدة ${number(4)} من ${number(6)}: Cleaning data`,
      'مكتملة',
      'أوقف المسؤول «مراجعة الجودة» بالذكاء الاصطناعي',
      `جارٍ قراءة المستندات (${number(3)})`,
    ]);
    // A Ready AI task keeps its course's title; the others are named in Arabic around their own words.
    expect(screen.getAllByTestId('agent-task-title').map((title) => title.textContent)).toEqual([
      'SQL and Relational Databases',
      'Python for Data Analysis',
      'Agile and Scrum in Practice',
      `مراجعة جودة الدورات (${number(3)})`,
      'دورة مع مواد: Onboarding',
    ]);
    fireEvent.click(within(tasks[3]).getByTestId('agent-task-title'));
    expect((await screen.findByTestId('agent-task-error')).textContent).toBe('أوقف المسؤول «مراجعة الجودة» بالذكاء الاصطناعي');
  });

  it('starts the Content Enhancement agent on a course found in the catalog, or on the courses the quality review flagged', async () => {
    const course = { id: '33333333-3333-4333-8333-333333333333', title: 'SQL for Reporting' };
    const enhancementTask = buildAgentTask({ title: `Content enhancement: ${course.title}`, type: 'content-enhancement', status: 'queued', progress: 0 });
    const gateway = stubGateway(
      {
        'GET /api/ai-agents/stats': () => jsonResponse(stats),
        'GET /api/quality/summary': () => jsonResponse(buildQualitySummary()),
        'GET /api/ai-agents/tasks': () => jsonResponse({ items: [], total: 0, page: 1, pageSize: 10 }),
        'GET /api/courses': (_request, _params, url) =>
          jsonResponse({ items: url.searchParams.get('q') === 'sql' ? [buildCourseSummary(course)] : [], total: 1, page: 1, pageSize: 20 }),
        'POST /api/ai-agents/enhancements': () => jsonResponse({ tasks: [enhancementTask] }, 202),
      },
      buildUser({ role: 'admin' }),
    );
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    fireEvent.click(await screen.findByTestId('agent-start-content-enhancement'));
    const submit = await screen.findByTestId('enhance-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    const select = within(screen.getByTestId('enhance-course-select')).getByRole('combobox');
    fireEvent.change(select, { target: { value: 'sql' } });
    fireEvent.click(await screen.findByTitle('SQL for Reporting'));
    await waitFor(() => expect((screen.getByTestId('enhance-submit') as HTMLButtonElement).disabled).toBe(false));
    expect(gateway.callsTo('GET', /^\/api\/courses$/).some((call) => call.search.get('q') === 'sql' && call.search.get('kind') === 'internal')).toBe(true);
    fireEvent.click(screen.getByTestId('enhance-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Content enhancement startedContent enhancement: SQL for Reporting');
    expect(gateway.callsTo('POST', /enhancements$/).map((call) => call.json)).toEqual([{ courseId: course.id }]);

    fireEvent.click(screen.getByTestId('agent-start-content-enhancement'));
    fireEvent.click(await screen.findByTestId('enhance-target-flagged'));
    expect(screen.getByTestId('enhance-flagged-hint').textContent).toContain('at most 20');
    fireEvent.click(screen.getByTestId('enhance-submit'));
    await waitFor(() => expect(gateway.callsTo('POST', /enhancements$/).map((call) => call.json)).toEqual([{ courseId: course.id }, { fromQuality: true }]));
  });

  it('shows why the enhancement could not start', async () => {
    stubGateway(
      {
        'GET /api/ai-agents/stats': () => jsonResponse(stats),
        'GET /api/quality/summary': () => jsonResponse(buildQualitySummary()),
        'GET /api/ai-agents/tasks': () => jsonResponse({ items: [], total: 0, page: 1, pageSize: 10 }),
        'POST /api/ai-agents/enhancements': () =>
          jsonResponse({ statusCode: 422, message: 'No course’s latest quality review failed a check the Content Enhancement agent can fix' }, 422),
      },
      buildUser({ role: 'admin' }),
    );
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    fireEvent.click(await screen.findByTestId('agent-start-content-enhancement'));
    fireEvent.click(await screen.findByTestId('enhance-target-flagged'));
    fireEvent.click(screen.getByTestId('enhance-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Could not start the content enhancementNo course’s latest quality review failed a check the Content Enhancement agent can fix',
    );
    // The dialog stays open to choose again.
    expect(screen.getByTestId('enhance-flagged-hint')).toBeTruthy();
  });

  it('offers no enhancement to a learner', async () => {
    stubGateway({
      'GET /api/ai-agents/stats': () => jsonResponse(stats),
      'GET /api/ai-agents/tasks': () => jsonResponse({ items: [], total: 0, page: 1, pageSize: 10 }),
    });
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    await screen.findAllByTestId('agent-card');
    expect(screen.queryByTestId('agent-start-content-enhancement')).toBeNull();
  });
});

