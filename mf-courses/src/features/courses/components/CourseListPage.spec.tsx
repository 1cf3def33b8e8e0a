import type { CourseSummary } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { buildCategoryCourse, buildCourseCategory, buildReadyAiTask } from '../../ready-ai/ready-ai.factory';
import { buildCourse, buildExternalCourse, coursePage } from '../course.factory';
import { CoursesPage } from './CoursesPage';

function listReply(items: CourseSummary[], options?: { total?: number; page?: number; pageSize?: number }) {
  return jsonResponse(coursePage(items, options));
}

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderCourses(route = '/courses') {
  return renderWithMasar(
    <>
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
        <Route path="*" element={null} />
      </Routes>
      <ShowLocation />
    </>,
    { route },
  );
}

const listCalls = (gateway: ReturnType<typeof stubGateway>) =>
  gateway.callsTo('GET', /^\/api\/courses$/).map((call) => Object.fromEntries(call.search));

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('the /courses list', () => {
  it('shows six skeleton cards while the list loads', () => {
    stubGateway({ 'GET /api/courses': never });
    renderCourses();
    expect(screen.getByText('Course Management')).toBeTruthy();
    expect(screen.getAllByTestId('course-skeleton')).toHaveLength(6);
  });

  it('shows each course with its colour tile, level, duration, format, three skills and "+N more"', async () => {
    const course = buildCourse({
      title: 'Mastering CRM',
      abbreviation: 'CRM',
      color: 'purple',
      level: 'advanced',
      duration: '3 weeks',
      format: 'hybrid',
      skills: ['Salesforce', 'Pipeline Management', 'Forecasting', 'Account Planning', 'Negotiation'],
    });
    const gateway = stubGateway({ 'GET /api/courses': () => listReply([course]) }, buildUser({ role: 'learner' }));
    renderCourses();

    const card = await screen.findByTestId('course-card');
    const tile = within(card).getByTestId('course-abbreviation');
    expect(tile.textContent).toBe('CRM');
    expect(tile.getAttribute('data-color')).toBe('#7e22ce');
    expect(within(card).getByTestId('course-level').textContent).toBe('Advanced');
    expect(within(card).getByTestId('course-kind').textContent).toBe('Masar course');
    expect(card.textContent).toContain('Duration: 3 weeks');
    expect(card.textContent).toContain('Format: Hybrid');
    const skills = within(card).getByTestId('course-skills');
    expect(skills.textContent).toBe('SalesforcePipeline ManagementForecasting+2 more');
    expect(screen.getByTestId('courses-count').textContent).toBe('Courses in your library: 1');
    expect(within(card).queryByTestId('external-course-link')).toBeNull();
    // Learners browse and read: no delete, no Create or Ready AI.
    expect(within(card).queryByTestId('delete-course')).toBeNull();
    expect(screen.queryByTestId('courses-create')).toBeNull();
    expect(listCalls(gateway)).toEqual([{ page: '1', pageSize: '12' }]);
  });

  it("shows an external course's provider and opens its page in a new tab that cannot reach back", async () => {
    stubGateway({ 'GET /api/courses': () => listReply([buildExternalCourse()]) });
    renderCourses();

    const card = await screen.findByTestId('course-card');
    expect(within(card).getByTestId('course-kind').textContent).toBe('External training');
    expect(within(card).getByTestId('course-provider').textContent).toBe('Offered by Coursera');
    const link = within(card).getByTestId('external-course-link');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('https://www.coursera.org/professional-certificates/google-data-analytics');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Open at Coursera');
    // Following the link leaves the list where it was.
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/courses');
  });

  it('sends every filter to the gateway and keeps them in the address', async () => {
    const gateway = stubGateway({ 'GET /api/courses': () => listReply([buildCourse()]) });
    renderCourses();
    await screen.findByTestId('course-card');

    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: 'negotiation' } });
    await waitFor(() => expect(listCalls(gateway).at(-1)).toEqual({ q: 'negotiation', page: '1', pageSize: '12' }));
    fireEvent.change(screen.getByLabelText('Skill'), { target: { value: 'Persuasion' } });
    await waitFor(() => expect(listCalls(gateway).at(-1)).toMatchObject({ q: 'negotiation', skill: 'Persuasion' }));

    fireEvent.click(screen.getByText('External'));
    await waitFor(() => expect(listCalls(gateway).at(-1)).toMatchObject({ kind: 'external' }));

    fireEvent.mouseDown(within(screen.getByTestId('courses-level')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Beginner'));
    await waitFor(() => expect(listCalls(gateway).at(-1)).toMatchObject({ level: 'beginner' }));

    fireEvent.mouseDown(within(screen.getByTestId('courses-category')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Data Analysis'));
    await waitFor(() =>
      expect(listCalls(gateway).at(-1)).toEqual({
        q: 'negotiation',
        skill: 'Persuasion',
        category: 'Data Analysis',
        level: 'beginner',
        kind: 'external',
        page: '1',
        pageSize: '12',
      }),
    );
    expect(screen.getByTestId('location').textContent).toBe(
      '/courses?q=negotiation&skill=Persuasion&kind=external&level=beginner&category=Data+Analysis',
    );

    fireEvent.click(screen.getByTestId('courses-clear-filters'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/courses'));
    expect((screen.getByLabelText('Search courses') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Skill') as HTMLInputElement).value).toBe('');
  });

  it('filters by a skill clicked on a card', async () => {
    const gateway = stubGateway({ 'GET /api/courses': () => listReply([buildCourse({ skills: ['SQL', 'Python'] })]) });
    renderCourses();
    fireEvent.click(within(await screen.findByTestId('course-skills')).getByText('Python'));
    await waitFor(() => expect(listCalls(gateway).at(-1)).toEqual({ skill: 'Python', page: '1', pageSize: '12' }));
    expect(screen.getByTestId('location').textContent).toBe('/courses?skill=Python');
    expect((screen.getByLabelText('Skill') as HTMLInputElement).value).toBe('Python');
  });

  it('says the library is empty when there are no courses at all', async () => {
    stubGateway({ 'GET /api/courses': () => listReply([]) });
    renderCourses();
    const empty = await screen.findByTestId('courses-empty');
    expect(empty.textContent).toContain('No courses yet');
    expect(empty.textContent).toContain('Courses appear here as soon as they are created.');
    expect(screen.queryByTestId('courses-empty-clear-filters')).toBeNull();
    // Only an admin can put the starter catalog back.
    expect(screen.queryByTestId('courses-create-defaults')).toBeNull();
  });

  it("lets an admin put the starter catalog back into an empty library, and says how many courses came back", async () => {
    let seeded = false;
    const gateway = stubGateway(
      {
        'GET /api/courses': () => listReply(seeded ? [buildCourse({ title: 'Agile and Scrum in Practice' })] : []),
        'POST /api/courses/create-defaults': () => {
          seeded = true;
          return jsonResponse({ courses: [buildCourse({ title: 'Agile and Scrum in Practice' })], alreadyPresent: 0 }, 201);
        },
      },
      buildUser({ role: 'admin' }),
    );
    renderCourses();
    fireEvent.click(await screen.findByTestId('courses-create-defaults'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Default courses created1 course added');
    expect(gateway.callsTo('POST', /create-defaults$/)).toHaveLength(1);
    expect((await screen.findByTestId('course-card')).textContent).toContain('Agile and Scrum in Practice');
  });

  it("shows the spec's error when the starter catalog cannot be put back", async () => {
    stubGateway(
      {
        'GET /api/courses': () => listReply([]),
        'POST /api/courses/create-defaults': () => jsonResponse({ statusCode: 503, message: 'courses is unavailable' }, 503),
      },
      buildUser({ role: 'admin' }),
    );
    renderCourses();
    fireEvent.click(await screen.findByTestId('courses-create-defaults'));
    expect((await screen.findByTestId('toast')).textContent).toBe('ErrorFailed to create default courses: courses is unavailable');
  });

  it('says nothing matches the filters, and clears them from the empty state', async () => {
    const gateway = stubGateway({
      'GET /api/courses': (_request, _params, url) => listReply(url.searchParams.get('level') ? [] : [buildCourse()]),
    });
    renderCourses('/courses?level=advanced&skill=Quantum');
    const empty = await screen.findByTestId('courses-empty');
    expect(empty.textContent).toContain('No courses match your filters');
    expect(listCalls(gateway)[0]).toEqual({ skill: 'Quantum', level: 'advanced', page: '1', pageSize: '12' });

    fireEvent.click(screen.getByTestId('courses-empty-clear-filters'));
    expect(await screen.findByTestId('course-card')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/courses');
  });

  it('pages through more courses than fit on one page', async () => {
    const gateway = stubGateway({
      'GET /api/courses': (_request, _params, url) => {
        const page = Number(url.searchParams.get('page'));
        return listReply([buildCourse({ title: `Course on page ${page}` })], { total: 13, page });
      },
    });
    renderCourses();
    expect((await screen.findByTestId('course-card')).textContent).toContain('Course on page 1');
    fireEvent.click(within(screen.getByTestId('courses-pagination')).getByTitle('2'));
    await waitFor(() => expect(screen.getByTestId('course-card').textContent).toContain('Course on page 2'));
    expect(listCalls(gateway).at(-1)).toEqual({ page: '2', pageSize: '12' });
    expect(screen.getByTestId('location').textContent).toBe('/courses?page=2');
  });

  it('shows Arabic titles and descriptions, levels and categories when the interface is Arabic', async () => {
    stubGateway({ 'GET /api/courses': () => listReply([buildCourse({ titleAr: 'مهارات التفاوض', category: 'Sales' })]) });
    await act(() => changeLanguage('ar'));
    renderCourses();
    const card = await screen.findByTestId('course-card');
    expect(card.textContent).toContain('مهارات التفاوض');
    expect(card.textContent).toContain('استعد للمفاوضات');
    expect(card.textContent).not.toContain('Negotiation Skills');
    expect(within(card).getByTestId('course-level').textContent).toBe('متوسط');
    expect(card.textContent).toContain('المبيعات');
    expect(screen.getByText('إدارة الدورات')).toBeTruthy();
  });

  it('opens the course detail when a card is clicked', async () => {
    const course = buildCourse();
    stubGateway({ 'GET /api/courses': () => listReply([course]), 'GET /api/courses/:id': never });
    renderCourses();
    fireEvent.click(await screen.findByTestId('course-card'));
    expect(screen.getByTestId('location').textContent).toBe(`/courses/${course.id}`);
    expect(await screen.findByTestId('course-loading')).toBeTruthy();
  });

  it('lets an admin delete a course after confirming, and says so', async () => {
    const course = buildCourse({ title: 'Mastering CRM' });
    let deleted = false;
    const gateway = stubGateway(
      {
        'GET /api/courses': () => listReply(deleted ? [] : [course]),
        'DELETE /api/courses/:id': () => {
          deleted = true;
          return jsonResponse({ deleted: true, id: course.id, modulesDeleted: 1, lessonsDeleted: 1 });
        },
      },
      buildUser({ role: 'admin' }),
    );
    renderCourses();
    fireEvent.click(within(await screen.findByTestId('course-card')).getByTestId('delete-course'));
    expect(
      await screen.findByText('Are you sure you want to delete "Mastering CRM"? This action cannot be undone.'),
    ).toBeTruthy();
    expect(gateway.callsTo('DELETE', /courses/)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('confirm-delete-course'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Course deleted successfully');
    expect(gateway.callsTo('DELETE', /courses/).map((call) => call.path)).toEqual([`/api/courses/${course.id}`]);
    expect(await screen.findByTestId('courses-empty')).toBeTruthy();
  });

  it("tells an admin why a course could not be deleted, with the server's message", async () => {
    stubGateway(
      {
        'GET /api/courses': () => listReply([buildCourse()]),
        'DELETE /api/courses/:id': () => jsonResponse({ statusCode: 503, message: 'svc-courses is not answering' }, 503),
      },
      buildUser({ role: 'admin' }),
    );
    renderCourses();
    fireEvent.click(within(await screen.findByTestId('course-card')).getByTestId('delete-course'));
    fireEvent.click(await screen.findByTestId('confirm-delete-course'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Error deleting course');
    expect(toast.textContent).toContain('svc-courses is not answering');
    expect(screen.getByTestId('course-card')).toBeTruthy();
  });

  it('shows what went wrong when the list cannot be loaded, with a retry', async () => {
    let attempts = 0;
    stubGateway({
      'GET /api/courses': () => {
        attempts += 1;
        return attempts === 1 ? jsonResponse({ message: 'Service unavailable' }, 503) : listReply([buildCourse()]);
      },
    });
    renderCourses();
    const error = await screen.findByTestId('courses-error');
    expect(error.textContent).toContain('Courses could not be loaded');
    fireEvent.click(within(error).getByText('Retry'));
    expect(await screen.findByTestId('course-card')).toBeTruthy();
  });

  it('gives an admin Create, which opens the Create dialog, and Ready AI, which opens the Ready AI dialog', async () => {
    stubGateway(
      {
        'GET /api/courses': () => listReply([buildCourse()]),
        'GET /api/courses/categories': () => jsonResponse({ categories: [buildCourseCategory('Communication', [buildCategoryCourse()])] }),
      },
      buildUser({ role: 'admin' }),
    );
    renderCourses();
    await screen.findByTestId('course-card');

    expect(screen.queryByTestId('create-course-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('courses-create'));
    expect(await screen.findByTestId('create-course-dialog')).toBeTruthy();
    expect(screen.getByText('Create New Course')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Manual Create' })).toBeTruthy();

    const readyAi = screen.getByTestId('courses-ready-ai') as HTMLButtonElement;
    expect(readyAi.textContent).toBe('Ready AI');
    expect(readyAi.disabled).toBe(false);
    expect(screen.queryByTestId('ready-ai-dialog')).toBeNull();
    fireEvent.click(readyAi);
    expect(await screen.findByTestId('ready-ai-dialog')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: 'Effective Business Communication' })).toBeTruthy();
  });

  it('refreshes the list as soon as a Ready AI course is made', async () => {
    const picked = buildCategoryCourse({ title: 'Excel Essentials' });
    const made = buildCourse({ title: 'Excel Essentials' });
    const started = buildReadyAiTask('running', { title: 'Excel Essentials', progress: 50, currentStep: 'Writing module 3 of 6' });
    let finished = false;
    const gateway = stubGateway(
      {
        'GET /api/courses': () => listReply(finished ? [buildCourse(), made] : [buildCourse()]),
        'GET /api/courses/categories': () => jsonResponse({ categories: [buildCourseCategory('Microsoft Excel', [picked])] }),
        'POST /api/courses/create-from-categories': () => jsonResponse({ tasks: [started] }, 202),
        'GET /api/ai-agents/tasks/:id': () => {
          const task = finished
            ? { ...started, status: 'completed', progress: 100, currentStep: null, result: { courseId: made.id, courseTitle: made.title } }
            : started;
          return jsonResponse({ task });
        },
      },
      buildUser({ role: 'admin' }),
    );
    renderCourses();
    await screen.findByTestId('course-card');
    fireEvent.click(screen.getByTestId('courses-ready-ai'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Excel Essentials' }));
    fireEvent.click(screen.getByTestId('ready-ai-create'));
    expect(await screen.findByTestId('ready-ai-task-step')).toBeTruthy();
    const listedBefore = listCalls(gateway).length;

    finished = true;
    expect((await screen.findByTestId('toast')).textContent).toContain('Created 1 course from selected categories');
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(2));
    expect(listCalls(gateway).length).toBeGreaterThan(listedBefore);
  });

  it('opens the course detail for the spec address /courses?courseId=…&action=view', async () => {
    stubGateway({ 'GET /api/courses/:id': never });
    const id = '20000000-0000-4000-8000-000000000999';
    renderCourses(`/courses?courseId=${id}&action=view`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/courses/${id}`));
  });
});
