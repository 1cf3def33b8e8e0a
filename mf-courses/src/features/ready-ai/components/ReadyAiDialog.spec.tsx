import { AGENT_TASK_STEPS, aiFeatureOffMessage, type AgentTask, type CategoryCourse, type CourseCategory } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { buildCategoryCourse, buildCourseCategory, buildReadyAiTask } from '../ready-ai.factory';
import { ReadyAiDialog } from './ReadyAiDialog';

const admin = buildUser({ role: 'admin' });

const communication = buildCategoryCourse({ title: 'Effective Business Communication', level: 'beginner', duration: '6 weeks' });
const presenting = buildCategoryCourse({ title: 'Presenting with Confidence', level: 'intermediate', duration: '3 weeks' });
const negotiation = buildCategoryCourse({ title: 'Advanced Negotiation', level: 'advanced', duration: '5 weeks' });
const excel = buildCategoryCourse({ title: 'Excel Essentials', level: 'beginner', duration: '2 weeks', description: 'Formulas, tables and charts.' });

const categories: CourseCategory[] = [
  buildCourseCategory('Personal Development', []),
  buildCourseCategory('Communication', [communication, presenting, negotiation]),
  buildCourseCategory('Microsoft_Excel', [excel]),
];

function ShowLocation() {
  return <output data-testid="location">{useLocation().pathname + useLocation().search}</output>;
}

function renderDialog() {
  const onClose = jest.fn();
  const view = renderWithMasar(
    <>
      <ReadyAiDialog open onClose={onClose} pollIntervalMs={20} />
      <ShowLocation />
    </>,
    { route: '/courses' },
  );
  return { ...view, onClose };
}

const card = (title: string) => screen.getByRole('checkbox', { name: title });
const text = (testId: string) => screen.getByTestId(testId).textContent;
const chips = () => screen.queryAllByTestId('ready-ai-chip').map((chip) => chip.textContent);

async function toastText() {
  return (await screen.findByTestId('toast')).textContent ?? '';
}

/** Tasks the test moves on; the stubbed gateway answers each with its state now. */
function runningTasks(picked: CategoryCourse[]) {
  const tasks = new Map<string, AgentTask>();
  const started = picked.map((course) => buildReadyAiTask('queued', { title: course.title }));
  for (const task of started) tasks.set(task.id, task);
  return {
    started,
    move(index: number, changes: Partial<AgentTask>) {
      const id = started[index].id;
      tasks.set(id, { ...tasks.get(id)!, ...changes });
    },
    reply: (id: string) => {
      const task = tasks.get(id);
      return task ? jsonResponse({ task }) : jsonResponse({ statusCode: 404, message: 'Agent task not found' }, 404);
    },
  };
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('the Ready AI dialog: picking courses', () => {
  it('groups the courses by category, with underscores shown as spaces, level colours and durations', async () => {
    stubGateway({ 'GET /api/courses/categories': () => jsonResponse({ categories }) }, admin);
    renderDialog();

    await screen.findAllByTestId('ready-ai-category');
    // A category without courses has nothing to pick, so it has no heading.
    expect(screen.getAllByTestId('ready-ai-category-name').map((name) => name.textContent)).toEqual(['Communication', 'Microsoft Excel']);
    const excelSection = screen.getByRole('region', { name: 'Microsoft Excel' });
    expect(within(excelSection).getByRole('checkbox', { name: 'Excel Essentials' })).toBeTruthy();

    const levels = screen.getAllByTestId('ready-ai-course-level');
    expect(levels.map((tag) => tag.textContent)).toEqual(['Beginner', 'Intermediate', 'Advanced', 'Beginner']);
    expect(levels.map((tag) => [...tag.classList].find((name) => /^ant-tag-(green|gold|red)$/.test(name)))).toEqual([
      'ant-tag-green',
      'ant-tag-gold',
      'ant-tag-red',
      'ant-tag-green',
    ]);
    expect(within(card('Excel Essentials')).getByTestId('ready-ai-course-duration').textContent).toContain('2 weeks');
    expect(card('Excel Essentials').textContent).toContain('Formulas, tables and charts.');
  });

  it('takes up to 3 courses, with the count, the hints, the chips and the other cards disabled', async () => {
    stubGateway({ 'GET /api/courses/categories': () => jsonResponse({ categories }) }, admin);
    renderDialog();
    await screen.findAllByTestId('ready-ai-course');
    const create = () => screen.getByTestId('ready-ai-create') as HTMLButtonElement;

    expect(text('ready-ai-count')).toBe('No courses selected');
    expect(text('ready-ai-hint')).toBe('Select at least 1 course to continue');
    expect(create().disabled).toBe(true);
    expect(screen.queryByTestId('ready-ai-selected')).toBeNull();

    fireEvent.click(card('Effective Business Communication'));
    expect(card('Effective Business Communication').getAttribute('aria-checked')).toBe('true');
    expect(text('ready-ai-count')).toBe('1 course selected');
    expect(text('ready-ai-hint')).toBe('2 more course(s) can be selected');
    expect(text('ready-ai-selected-title')).toBe('Selected Courses (1/3)');
    expect(create().textContent).toBe('Create 1 Course(s)');
    expect(create().disabled).toBe(false);

    // The keyboard picks a card as a click does: Space, then Enter.
    fireEvent.keyDown(card('Presenting with Confidence'), { key: ' ' });
    expect(text('ready-ai-count')).toBe('2 courses selected');
    expect(text('ready-ai-hint')).toBe('1 more course(s) can be selected');
    fireEvent.keyDown(card('Excel Essentials'), { key: 'Enter' });
    expect(text('ready-ai-count')).toBe('3 courses selected');
    expect(text('ready-ai-hint')).toBe('Maximum courses selected');
    expect(text('ready-ai-selected-title')).toBe('Selected Courses (3/3)');
    expect(chips()).toEqual(['Effective Business Communication', 'Presenting with Confidence', 'Excel Essentials']);
    expect(create().textContent).toBe('Create 3 Course(s)');

    // The fourth card is disabled, out of the tab order, and ignores clicks and keys.
    const fourth = card('Advanced Negotiation');
    expect(fourth.getAttribute('aria-disabled')).toBe('true');
    expect(fourth.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(fourth);
    fireEvent.keyDown(fourth, { key: ' ' });
    expect(fourth.getAttribute('aria-checked')).toBe('false');
    expect(text('ready-ai-count')).toBe('3 courses selected');

    // Removing a chip frees a place again; clicking a picked card puts it back too.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Presenting with Confidence' }));
    expect(chips()).toEqual(['Effective Business Communication', 'Excel Essentials']);
    expect(card('Presenting with Confidence').getAttribute('aria-checked')).toBe('false');
    expect(card('Advanced Negotiation').getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(card('Excel Essentials'));
    expect(chips()).toEqual(['Effective Business Communication']);
    expect(text('ready-ai-count')).toBe('1 course selected');
  });

  it("toasts 'Failed to load course categories' and offers a Retry that loads them", async () => {
    let attempts = 0;
    stubGateway(
      {
        'GET /api/courses/categories': () => {
          attempts += 1;
          return attempts === 1 ? jsonResponse({ statusCode: 503, message: 'svc-courses is not answering' }, 503) : jsonResponse({ categories });
        },
      },
      admin,
    );
    renderDialog();
    const toast = await toastText();
    expect(toast).toContain('Error');
    expect(toast).toContain('Failed to load course categories');
    const error = screen.getByTestId('ready-ai-categories-error');
    expect(error.textContent).toContain('The course categories could not be loaded');

    fireEvent.click(within(error).getByTestId('ready-ai-retry'));
    expect(await screen.findByRole('checkbox', { name: 'Excel Essentials' })).toBeTruthy();
    expect(screen.queryByTestId('ready-ai-categories-error')).toBeNull();
  });

  it('speaks Arabic, right to left, with Arabic counts and category names', async () => {
    stubGateway({ 'GET /api/courses/categories': () => jsonResponse({ categories }) }, admin);
    await act(() => changeLanguage('ar'));
    renderDialog();
    await screen.findAllByTestId('ready-ai-course');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getAllByTestId('ready-ai-category-name').map((name) => name.textContent)).toEqual(['التواصل', 'مايكروسوفت إكسل']);
    expect(text('ready-ai-count')).toBe('لم تُحدَّد أي دورة');
    fireEvent.click(card('Excel Essentials'));
    fireEvent.click(card('Advanced Negotiation'));
    expect(text('ready-ai-count')).toBe('تم تحديد دورتين');
    expect(text('ready-ai-hint')).toBe('يمكن تحديد دورة واحدة أخرى');
    expect(screen.getByTestId('ready-ai-create').textContent).toBe('إنشاء دورتين');
  });
});

describe('the Ready AI dialog: creating', () => {
  async function pick(...titles: string[]) {
    await screen.findAllByTestId('ready-ai-course');
    for (const title of titles) fireEvent.click(card(title));
  }

  it('starts one task per pick and follows each: queued, running with its real step, completed with a link', async () => {
    const picked = [communication, excel];
    const tasks = runningTasks(picked);
    let answerStart: (response: Response) => void = () => undefined;
    const gateway = stubGateway(
      {
        'GET /api/courses/categories': () => jsonResponse({ categories }),
        'POST /api/courses/create-from-categories': () => new Promise<Response>((resolve) => (answerStart = resolve)),
        'GET /api/ai-agents/tasks/:id': (_request, { id }) => tasks.reply(id),
      },
      admin,
    );
    const { onClose } = renderDialog();
    await pick('Effective Business Communication', 'Excel Essentials');
    fireEvent.click(screen.getByTestId('ready-ai-create'));

    // While the start call is out, the button waits and the picks cannot change.
    await waitFor(() => expect((screen.getByTestId('ready-ai-create') as HTMLButtonElement).disabled).toBe(true));
    expect(card('Advanced Negotiation').getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(gateway.callsTo('POST', /create-from-categories$/)).toHaveLength(1));
    expect(gateway.callsTo('POST', /create-from-categories$/)[0].json).toEqual({
      selectedCourses: [
        { id: communication.id, title: 'Effective Business Communication' },
        { id: excel.id, title: 'Excel Essentials' },
      ],
    });

    answerStart(jsonResponse({ tasks: tasks.started }, 202));
    expect(await screen.findByText('Creating courses')).toBeTruthy();
    const rows = () => screen.getAllByTestId('ready-ai-task');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => within(row).getByTestId('ready-ai-task-status').textContent)).toEqual(['Queued', 'Queued']);
    expect(within(rows()[0]).getByTestId('ready-ai-task-estimate').textContent).toBe('Estimated time: about 2 minutes');
    const notice = screen.getByTestId('ready-ai-notice').textContent ?? '';
    expect(notice).toContain("What's Happening");
    expect(notice).toContain('6 modules, with 2 lessons in each module');
    expect(notice).toContain('composed from the material your course library already has on the subject');
    expect(notice).not.toContain('500');
    expect(screen.getByTestId('ready-ai-open-agents').getAttribute('href')).toBe('/ai-agents');
    expect(text('ready-ai-close-hint')).toContain('does not stop the courses being created');

    tasks.move(0, { status: 'running', progress: 37, currentStep: 'Writing module 2 of 6: Listening First' });
    tasks.move(1, { status: 'running', progress: 12, currentStep: 'Finding library material on "Excel Essentials"' });
    await waitFor(() => expect(within(rows()[0]).getByTestId('ready-ai-task-step').textContent).toBe('Writing module 2 of 6: Listening First'));
    await waitFor(() => expect(within(rows()[1]).getByTestId('ready-ai-task-status').textContent).toBe('Running'));
    expect(within(rows()[1]).getByTestId('ready-ai-task-step').textContent).toBe('Finding library material on "Excel Essentials"');
    expect(screen.getByRole('progressbar', { name: 'Progress of Effective Business Communication' }).getAttribute('aria-valuenow')).toBe('37');
    expect(text('ready-ai-overall-percent')).toBe('25%');
    expect(screen.getByRole('progressbar', { name: 'Overall progress' }).getAttribute('aria-valuenow')).toBe('25');

    const courseA = '20000000-0000-4000-8000-00000000aaaa';
    const courseB = '20000000-0000-4000-8000-00000000bbbb';
    tasks.move(0, {
      status: 'completed',
      progress: 100,
      currentStep: null,
      result: { courseId: courseA, courseTitle: 'Effective Business Communication', modules: 6, lessons: 12 },
    });
    await waitFor(() => expect(screen.getAllByTestId('ready-ai-completed-course')).toHaveLength(1));
    expect(within(rows()[0]).getByTestId('ready-ai-task-made').textContent).toBe('6 modules and 12 lessons');
    expect(screen.queryByTestId('toast')).toBeNull();

    tasks.move(1, {
      status: 'completed',
      progress: 100,
      currentStep: null,
      result: { courseId: courseB, courseTitle: 'Excel Essentials', modules: 6, lessons: 12 },
    });
    const toast = await toastText();
    expect(toast).toContain('Success');
    expect(toast).toContain('Created 2 courses from selected categories');
    expect(text('ready-ai-overall-percent')).toBe('100%');
    expect(screen.queryByTestId('ready-ai-close-hint')).toBeNull();

    // Following stops once every task has ended.
    const polls = gateway.callsTo('GET', /ai-agents\/tasks/).length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(gateway.callsTo('GET', /ai-agents\/tasks/)).toHaveLength(polls);

    const links = screen.getAllByTestId('ready-ai-completed-course').map((badge) => within(badge).getByRole('link'));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Effective Business Communication', `/courses?courseId=${courseA}&action=view`],
      ['Excel Essentials', `/courses?courseId=${courseB}&action=view`],
    ]);
    fireEvent.click(links[1]);
    expect(text('location')).toBe(`/courses?courseId=${courseB}&action=view`);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows 'Error: <message>' for a course that failed and toasts 'Failed to create courses from categories'", async () => {
    const tasks = runningTasks([communication, negotiation]);
    const thin = 'The course library has only 3 lessons on "Advanced Negotiation" and a Ready AI course needs at least 6';
    stubGateway(
      {
        'GET /api/courses/categories': () => jsonResponse({ categories }),
        'POST /api/courses/create-from-categories': () => jsonResponse({ tasks: tasks.started }, 202),
        'GET /api/ai-agents/tasks/:id': (_request, { id }) => tasks.reply(id),
      },
      admin,
    );
    renderDialog();
    await pick('Effective Business Communication', 'Advanced Negotiation');
    fireEvent.click(screen.getByTestId('ready-ai-create'));
    await screen.findByText('Creating courses');

    tasks.move(1, { status: 'failed', progress: 0, currentStep: null, error: thin, canCancel: false });
    await waitFor(() => expect(screen.getByTestId('ready-ai-task-error').textContent).toBe(`Error: ${thin}`));
    expect(screen.getAllByTestId('ready-ai-task')[1].getAttribute('data-status')).toBe('failed');
    expect(screen.queryByTestId('toast')).toBeNull();

    tasks.move(0, { status: 'completed', progress: 100, currentStep: null, result: { courseId: '20000000-0000-4000-8000-00000000cccc' } });
    const toast = await toastText();
    expect(toast).toContain('Error');
    expect(toast).toContain('Failed to create courses from categories');
    expect(screen.getAllByTestId('ready-ai-completed-course')).toHaveLength(1);
  });

  it("gives an Arabic reader the task's step and the reason it failed in Arabic, and again after switching back", async () => {
    const tasks = runningTasks([communication, excel]);
    stubGateway(
      {
        'GET /api/courses/categories': () => jsonResponse({ categories }),
        'POST /api/courses/create-from-categories': () => jsonResponse({ tasks: tasks.started }, 202),
        'GET /api/ai-agents/tasks/:id': (_request, { id }) => tasks.reply(id),
      },
      admin,
    );
    await act(() => changeLanguage('ar'));
    renderDialog();
    await pick('Effective Business Communication', 'Excel Essentials');
    fireEvent.click(screen.getByTestId('ready-ai-create'));
    const rows = () => screen.getAllByTestId('ready-ai-task');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).getByTestId('ready-ai-task-step').textContent).toBe('في انتظار البدء');

    tasks.move(0, { status: 'running', progress: 37, currentStep: AGENT_TASK_STEPS.writingNamedModule(2, 6, 'Listening First') });
    const arabicStep = `جارٍ كتابة الوحدة ${new Intl.NumberFormat('ar').format(2)} من ${new Intl.NumberFormat('ar').format(6)}: Listening First`;
    await waitFor(() => expect(within(rows()[0]).getByTestId('ready-ai-task-step').textContent).toBe(arabicStep));
    tasks.move(1, { status: 'failed', progress: 0, currentStep: null, error: aiFeatureOffMessage('lesson-writing'), canCancel: false });
    await waitFor(() => expect(screen.getByTestId('ready-ai-task-error').textContent).toMatch(/^خطأ: أوقف المسؤول «.+» بالذكاء الاصطناعي$/));

    // Shown at render, not kept as it arrived: the reader's switch back to English takes both with it.
    await act(() => changeLanguage('en'));
    expect(within(rows()[0]).getByTestId('ready-ai-task-step').textContent).toBe('Writing module 2 of 6: Listening First');
    expect(screen.getByTestId('ready-ai-task-error').textContent).toBe(`Error: ${aiFeatureOffMessage('lesson-writing')}`);
  });

  it("toasts the failure and shows 'Error: <server message>' when the start is refused, then goes back to the picks", async () => {
    const gateway = stubGateway(
      {
        'GET /api/courses/categories': () => jsonResponse({ categories }),
        'POST /api/courses/create-from-categories': () =>
          jsonResponse({ statusCode: 404, message: 'A selected course is no longer in the catalog; reload the list and choose again' }, 404),
        'GET /api/ai-agents/tasks/:id': never,
      },
      admin,
    );
    renderDialog();
    await pick('Excel Essentials');
    fireEvent.click(screen.getByTestId('ready-ai-create'));

    const toast = await toastText();
    expect(toast).toContain('Failed to create courses from categories');
    expect(text('ready-ai-start-error')).toBe(
      'Error: A selected course is no longer in the catalog; reload the list and choose again',
    );
    expect(screen.queryByTestId('ready-ai-task')).toBeNull();
    expect(gateway.callsTo('GET', /ai-agents/)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('ready-ai-back'));
    await waitFor(() => expect(chips()).toEqual(['Excel Essentials']));
    expect(text('ready-ai-count')).toBe('1 course selected');
  });

  it('says why a task can no longer be followed (404) and counts it as not made', async () => {
    const tasks = runningTasks([excel]);
    stubGateway(
      {
        'GET /api/courses/categories': () => jsonResponse({ categories }),
        'POST /api/courses/create-from-categories': () => jsonResponse({ tasks: tasks.started }, 202),
        'GET /api/ai-agents/tasks/:id': () => jsonResponse({ statusCode: 404, message: 'Agent task not found' }, 404),
      },
      admin,
    );
    renderDialog();
    await pick('Excel Essentials');
    fireEvent.click(screen.getByTestId('ready-ai-create'));
    await waitFor(() => expect(screen.getByTestId('ready-ai-task-error').textContent).toBe('Error: Agent task not found'));
    expect(await toastText()).toContain('Failed to create courses from categories');
  });
});
