import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
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
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) });
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

  it('keeps the course when the admin cancels the confirmation', async () => {
    const gateway = stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) }, buildUser({ role: 'admin' }));
    renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('delete-course'));
    fireEvent.click(await screen.findByText('Cancel'));
    expect(gateway.callsTo('DELETE', /courses/)).toHaveLength(0);
    expect(screen.getByTestId('course-detail')).toBeTruthy();
  });
});
