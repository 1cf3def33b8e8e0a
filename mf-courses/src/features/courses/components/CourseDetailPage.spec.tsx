import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { buildCourseDetail, buildExternalCourse, buildLesson, buildModule, coursePage } from '../course.factory';
import { CoursesPage } from './CoursesPage';

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderDetail(courseId: string) {
  return renderWithMasar(
    <>
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
      </Routes>
      <ShowLocation />
    </>,
    { route: `/courses/${courseId}` },
  );
}

const course = buildCourseDetail({
  title: 'Negotiation Skills',
  abbreviation: 'NEG-101',
  color: 'orange',
  duration: '4 weeks',
  format: 'online',
  departmentOwner: 'Sales',
  objective: 'Plan and run a negotiation that reaches a durable agreement.',
  prerequisites: ['Basic business communication', 'A live deal to practise on'],
  modules: [
    buildModule({
      title: 'Preparation',
      description: 'What to know before you sit down at the table.',
      lessons: [
        buildLesson({ title: 'Why Preparation Wins', type: 'video', duration: '10 min' }),
        buildLesson({ title: 'Preparing Your Position', type: 'reading', duration: '20 min' }),
      ],
    }),
    buildModule({
      title: 'At the Table',
      description: 'Opening, trading concessions and closing.',
      lessons: [
        buildLesson({ title: 'Check Your Understanding', type: 'quiz', duration: '15 min' }),
        buildLesson({ title: 'Role-play a Renewal', type: 'exercise', duration: '30 min' }),
      ],
    }),
  ],
});

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('the course detail', () => {
  it('shows the course, its objective, prerequisites and numbered modules with their lessons', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) }, buildUser({ role: 'learner' }));
    renderDetail(course.id);

    const detail = await screen.findByTestId('course-detail');
    expect(within(detail).getByTestId('course-abbreviation').textContent).toBe('NEG-101');
    expect(detail.textContent).toContain('Negotiation Skills');
    expect(detail.textContent).toContain('Duration: 4 weeks');
    expect(detail.textContent).toContain('Department: Sales');
    expect(detail.textContent).toContain('Format: Online');
    expect(screen.getByTestId('course-objective').textContent).toContain('Learning Objectives');
    expect(screen.getByTestId('course-objective').textContent).toContain('durable agreement');
    expect(screen.getByTestId('course-prerequisites').textContent).toBe(
      'PrerequisitesBasic business communicationA live deal to practise on',
    );
    expect(screen.getByText('Course Content')).toBeTruthy();

    const modules = screen.getAllByTestId('course-module');
    expect(modules.map((module) => module.textContent)).toEqual([
      'Module 1: PreparationWhat to know before you sit down at the table.Lessons: 2',
      'Module 2: At the TableOpening, trading concessions and closing.Lessons: 2',
    ]);
    // The first module is open: its lessons show a type icon, the title, duration and a type badge.
    const lessons = screen.getAllByTestId('course-lesson');
    expect(lessons).toHaveLength(2);
    expect(within(lessons[0]).getByTestId('lesson-icon-video')).toBeTruthy();
    expect(lessons[0].textContent).toContain('Why Preparation Wins');
    expect(lessons[0].textContent).toContain('10 min');
    expect(lessons[0].textContent).toContain('Video');
    expect(within(lessons[1]).getByTestId('lesson-icon-reading')).toBeTruthy();
    expect(screen.queryByTestId('delete-course')).toBeNull();
    expect(screen.getByTestId('back-to-courses').getAttribute('href')).toBe('/courses');
  });

  it('opens a lesson when its row is clicked', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }), ...progressRoutes(buildCourseProgress({ courseId: course.id })).routes });
    renderDetail(course.id);
    fireEvent.click((await screen.findAllByTestId('course-lesson'))[1]);
    expect(screen.getByTestId('location').textContent).toBe(`/courses/${course.id}/lessons/${course.modules[0].lessons[1].id}`);
    expect((await screen.findByTestId('lesson-view')).textContent).toContain('Preparing Your Position');
  });

  it('shows the Arabic title and description in Arabic, and the lesson titles as the catalog wrote them', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) });
    await act(() => changeLanguage('ar'));
    renderDetail(course.id);
    const detail = await screen.findByTestId('course-detail');
    expect(detail.textContent).toContain('مهارات التفاوض');
    expect(screen.getByTestId('course-description').textContent).toContain('استعد للمفاوضات');
    expect(screen.getByTestId('course-description').getAttribute('lang')).toBe('ar');
    expect(detail.textContent).toContain('محتوى الدورة');
    expect(detail.textContent).toContain('Why Preparation Wins');
    // "4 weeks" and "10 min", written in English by the catalog and by Masar, said in Arabic.
    const number = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect(detail.textContent).toContain(`المدة: ${number(4)} أسابيع`);
    expect(detail.textContent).toContain(`${number(10)} دقائق`);
    expect(detail.textContent).not.toMatch(/\d+ (weeks|min)/);
  });

  it('shows where an external course is offered instead of modules', async () => {
    const external = { ...buildExternalCourse(), prerequisites: [], modules: [] };
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: external }) });
    renderDetail(external.id);
    const content = await screen.findByTestId('external-course-content');
    expect(content.textContent).toContain("This training is offered by Coursera; its lessons are on the provider's website.");
    const link = within(content).getByTestId('external-course-link');
    expect(link.getAttribute('href')).toBe(external.url);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByTestId('course-prerequisites')).toBeNull();
  });

  it('says the course was not found for an unknown id', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ statusCode: 404, message: 'Course not found' }, 404) });
    renderDetail('20000000-0000-4000-8000-000000000404');
    const notFound = await screen.findByTestId('course-not-found');
    expect(notFound.textContent).toContain('Course not found');
    expect(within(notFound).getByText('Back to Courses')).toBeTruthy();
  });

  it('shows a loading state while the course is on its way', () => {
    stubGateway({ 'GET /api/courses/:id': never });
    renderDetail(course.id);
    expect(screen.getByTestId('course-loading')).toBeTruthy();
  });

  it("shows what went wrong when the gateway fails, and retries", async () => {
    let attempts = 0;
    stubGateway({
      'GET /api/courses/:id': () => {
        attempts += 1;
        return attempts === 1 ? jsonResponse({ statusCode: 503, message: 'svc-courses is not answering' }, 503) : jsonResponse({ course });
      },
    });
    renderDetail(course.id);
    const error = await screen.findByTestId('course-error');
    expect(error.textContent).toContain('The course could not be loaded');
    expect(error.textContent).toContain('svc-courses is not answering');
    fireEvent.click(within(error).getByText('Retry'));
    expect(await screen.findByTestId('course-detail')).toBeTruthy();
  });

  it('lets an admin delete the course after the confirmation, then returns to the list', async () => {
    const gateway = stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course }),
        'DELETE /api/courses/:id': () => jsonResponse({ deleted: true, id: course.id, modulesDeleted: 2, lessonsDeleted: 4 }),
        'GET /api/courses': () => jsonResponse(coursePage([])),
      },
      buildUser({ role: 'admin' }),
    );
    renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('delete-course'));
    expect(
      await screen.findByText('Are you sure you want to delete "Negotiation Skills"? This action cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-course'));

    expect((await screen.findByTestId('toast')).textContent).toContain('Course deleted successfully');
    expect(await screen.findByTestId('courses-page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/courses');
    expect(gateway.callsTo('DELETE', /courses/).map((call) => call.path)).toEqual([`/api/courses/${course.id}`]);
  });

  it("lets an admin add 2 modules of 2 lessons, says 'Modules Added' with the numbers, and shows the new modules", async () => {
    const extended = { ...course, modules: [...course.modules, buildModule({ title: 'Closing the Deal' }), buildModule({ title: 'After the Deal' })] };
    let added = false;
    const gateway = stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course: added ? extended : course }),
        'POST /api/courses/:id/add-modules': () => {
          added = true;
          return jsonResponse({ course: extended, modulesAdded: 2, lessonsAdded: 4 });
        },
      },
      buildUser({ role: 'admin' }),
    );
    renderDetail(course.id);
    expect(await screen.findAllByTestId('course-module')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('add-modules'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Modules Added');
    expect(toast.textContent).toContain('Successfully added 2 modules with 4 lessons to the course');
    expect(gateway.callsTo('POST', /add-modules$/).map((call) => [call.path, call.json])).toEqual([
      [`/api/courses/${course.id}/add-modules`, { numberOfModules: 2, lessonsPerModule: 2 }],
    ]);
    await waitFor(() => expect(screen.getAllByTestId('course-module')).toHaveLength(4));
    expect(screen.getAllByTestId('course-module')[3].textContent).toContain('Module 4: After the Deal');
  });

  it('warns, with the same numbers, when adding modules moves a published course back to draft', async () => {
    const published = { ...course, publication: { status: 'published' as const, publishedAt: '2026-11-20T09:00:00.000Z', problems: [] } };
    const extended = { ...published, modules: [...course.modules, buildModule({ title: 'Closing the Deal' })] };
    const backToDraft = {
      ...extended,
      publication: {
        status: 'draft' as const,
        publishedAt: '2026-11-20T09:00:00.000Z',
        problems: [{ kind: 'unsourced-lesson' as const, moduleId: extended.modules[2].id, title: 'Closing the Deal', message: 'The AI wrote this lesson without material' }],
      },
    };
    stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course: published }),
        'POST /api/courses/:id/add-modules': () => jsonResponse({ course: backToDraft, modulesAdded: 1, lessonsAdded: 2 }),
      },
      buildUser({ role: 'admin' }),
    );
    renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('add-modules'));
    const toast = (await screen.findByTestId('toast')).textContent ?? '';
    expect(toast).toContain('Modules Added');
    expect(toast).toContain('The course moved back to draft: its new lessons need work before learners see it.');
  });

  it("says 'Error, Failed to add modules to course' when modules cannot be added", async () => {
    stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course }),
        'POST /api/courses/:id/add-modules': () =>
          jsonResponse({ statusCode: 400, message: 'A course holds at most 20 modules' }, 400),
      },
      buildUser({ role: 'admin' }),
    );
    renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('add-modules'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('Failed to add modules to course: A course holds at most 20 modules');
    expect(screen.getAllByTestId('course-module')).toHaveLength(2);
  });

  it('offers no Add Modules to learners, nor for external training', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) }, buildUser({ role: 'learner' }));
    const learnerView = renderDetail(course.id);
    await screen.findByTestId('course-detail');
    expect(screen.queryByTestId('add-modules')).toBeNull();
    learnerView.unmount();

    const external = { ...buildExternalCourse(), prerequisites: [], modules: [] };
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: external }) }, buildUser({ role: 'admin' }));
    renderDetail(external.id);
    expect(await screen.findByTestId('delete-course')).toBeTruthy();
    expect(screen.queryByTestId('add-modules')).toBeNull();
  });

  it('keeps the course when the admin cancels the confirmation', async () => {
    const gateway = stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) }, buildUser({ role: 'admin' }));
    renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('delete-course'));
    fireEvent.click(await screen.findByText('Cancel'));
    expect(gateway.callsTo('DELETE', /courses/)).toHaveLength(0);
    expect(screen.getByTestId('course-detail')).toBeTruthy();
  });
});

describe('the course progress on the course detail', () => {
  // Eight lessons in two modules; the person completed three of them, two in the open first module.
  const preparation = Array.from({ length: 4 }, (_, index) => buildLesson({ title: `Preparation ${index + 1}`, type: index % 2 ? 'reading' : 'video' }));
  const atTheTable = Array.from({ length: 4 }, (_, index) => buildLesson({ title: `At the Table ${index + 1}`, type: 'quiz' }));
  const eightLessons = buildCourseDetail({
    modules: [buildModule({ title: 'Preparation', lessons: preparation }), buildModule({ title: 'At the Table', lessons: atTheTable })],
  });
  const threeOfEight = buildCourseProgress({
    courseId: eightLessons.id,
    completedLessonIds: [atTheTable[3].id, preparation[1].id, preparation[0].id],
    startedLessonIds: [preparation[2].id],
    secondsSpent: 2400,
    lastActivityAt: '2026-03-01T09:30:00.000Z',
  });

  it("shows the percent of the course's lessons completed across all modules: 3 of 8 is 38%", async () => {
    const gateway = stubGateway({
      'GET /api/courses/:id': () => jsonResponse({ course: eightLessons }),
      'GET /api/progress/courses/:courseId': () => jsonResponse({ progress: threeOfEight }),
    });
    renderDetail(eightLessons.id);

    const progress = await screen.findByTestId('course-progress-bar');
    expect(screen.getByTestId('course-progress').textContent).toContain('Course Progress');
    expect(screen.getByTestId('course-progress-count').textContent).toBe('3 of 8 lessons completed');
    expect(progress.textContent).toBe('38%');
    expect(gateway.callsTo('GET', /^\/api\/progress\//).map((call) => call.path)).toEqual([`/api/progress/courses/${eightLessons.id}`]);
  });

  it('shows a green check instead of the type icon on each completed lesson', async () => {
    stubGateway({
      'GET /api/courses/:id': () => jsonResponse({ course: eightLessons }),
      'GET /api/progress/courses/:courseId': () => jsonResponse({ progress: threeOfEight }),
    });
    renderDetail(eightLessons.id);
    await screen.findByTestId('course-progress-bar');

    const rows = screen.getAllByTestId('course-lesson');
    expect(rows.map((row) => within(row).queryByTestId('lesson-completed') !== null)).toEqual([true, true, false, false]);
    expect(within(rows[0]).queryByTestId('lesson-icon-video')).toBeNull();
    expect(within(rows[0]).getByRole('img', { name: 'Completed lesson' })).toBeTruthy();
    // A started lesson is not a completed one: it keeps its type icon.
    expect(within(rows[2]).getByTestId('lesson-icon-video')).toBeTruthy();
    expect(within(rows[3]).getByTestId('lesson-icon-reading')).toBeTruthy();

    fireEvent.click(screen.getByText('Module 2: At the Table'));
    const secondModule = await waitFor(() => {
      const all = screen.getAllByTestId('course-lesson');
      expect(all).toHaveLength(8);
      return all.slice(4);
    });
    expect(secondModule.map((row) => within(row).queryByTestId('lesson-completed') !== null)).toEqual([false, false, false, true]);
  });

  it('shows a neutral bar while the progress is on its way, with the course already there', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: eightLessons }), 'GET /api/progress/courses/:courseId': never });
    renderDetail(eightLessons.id);
    expect(await screen.findByTestId('course-progress-loading')).toBeTruthy();
    expect(screen.getByTestId('course-progress').getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('course-lesson')).toHaveLength(4);
  });

  it('keeps the page when the progress cannot be read, and says progress is unavailable', async () => {
    stubGateway({
      'GET /api/courses/:id': () => jsonResponse({ course: eightLessons }),
      'GET /api/progress/courses/:courseId': () => jsonResponse({ statusCode: 503, message: 'svc-progress is not answering' }, 503),
    });
    renderDetail(eightLessons.id);
    expect((await screen.findByTestId('course-progress-unavailable')).textContent).toBe('Progress is unavailable right now');
    expect(screen.queryByTestId('course-progress-count')).toBeNull();
    expect(screen.getByTestId('course-detail').textContent).toContain('Course Content');
    const rows = screen.getAllByTestId('course-lesson');
    expect(within(rows[0]).getByTestId('lesson-icon-video')).toBeTruthy();
    expect(screen.queryByTestId('lesson-completed')).toBeNull();
  });

  it('treats a reply that breaks the contract as unavailable progress, not a crash', async () => {
    stubGateway({
      'GET /api/courses/:id': () => jsonResponse({ course: eightLessons }),
      'GET /api/progress/courses/:courseId': () => jsonResponse({ progress: { courseId: eightLessons.id } }),
    });
    renderDetail(eightLessons.id);
    expect(await screen.findByTestId('course-progress-unavailable')).toBeTruthy();
  });

  it('shows no bar for external training, and does not ask for its progress', async () => {
    const external = { ...buildExternalCourse(), prerequisites: [], modules: [] };
    const gateway = stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: external }) });
    renderDetail(external.id);
    await screen.findByTestId('external-course-content');
    expect(screen.queryByTestId('course-progress')).toBeNull();
    expect(gateway.callsTo('GET', /^\/api\/progress\//)).toEqual([]);
  });

  it('shows the progress in Arabic', async () => {
    stubGateway({
      'GET /api/courses/:id': () => jsonResponse({ course: eightLessons }),
      'GET /api/progress/courses/:courseId': () => jsonResponse({ progress: threeOfEight }),
    });
    await act(() => changeLanguage('ar'));
    renderDetail(eightLessons.id);
    const bar = await screen.findByTestId('course-progress-bar');
    expect(screen.getByTestId('course-progress').textContent).toContain('تقدّم الدورة');
    expect(screen.getByTestId('course-progress-count').textContent).toBe('الدروس المكتملة: 3 من 8');
    expect(bar.textContent).toBe('38٪');
    expect(within(screen.getAllByTestId('course-lesson')[0]).getByRole('img', { name: 'درس مكتمل' })).toBeTruthy();
  });
});
