import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import type { CourseDetail } from '@masar/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';
import { CoursesPage } from '../../courses/components/CoursesPage';

const blankLesson = buildLesson({ title: 'Why Preparation Wins' });
const emptyModule = buildModule({ title: 'Closing', lessons: [] });
const draftWithProblems: CourseDetail = buildCourseDetail({
  title: 'Negotiation Skills',
  status: 'draft',
  publishedAt: null,
  modules: [buildModule({ title: 'Preparation', lessons: [blankLesson] }), emptyModule],
  publication: {
    status: 'draft',
    publishedAt: null,
    problems: [
      { kind: 'blank-lesson', moduleId: '00000000-0000-4000-8000-000000000001', lessonId: blankLesson.id, title: blankLesson.title, message: 'x' },
      { kind: 'empty-module', moduleId: emptyModule.id, title: 'Closing', message: 'x' },
    ],
  },
});
const readyDraft: CourseDetail = { ...draftWithProblems, modules: [draftWithProblems.modules[0]], publication: { status: 'draft', publishedAt: null, problems: [] } };
const published: CourseDetail = {
  ...readyDraft,
  status: 'published',
  publishedAt: '2026-11-26T05:00:00.000Z',
  publication: { status: 'published', publishedAt: '2026-11-26T05:00:00.000Z', problems: [] },
};

function renderDetail(courseId: string) {
  return renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${courseId}` },
  );
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('publishing a course (admins)', () => {
  it('lists what needs work, each with a link to fix it, and keeps Publish disabled while it says why', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: draftWithProblems }) }, buildUser({ role: 'admin' }));
    renderDetail(draftWithProblems.id);
    const panel = await screen.findByTestId('publication-problems');
    expect(panel.textContent).toContain('Needs work before publishing (2)');
    const problems = within(panel).getAllByTestId('publication-problem');
    expect(problems.map((problem) => problem.textContent)).toEqual([
      'The lesson "Why Preparation Wins" has no text Open',
      'The module "Closing" has no lessons Open',
    ]);
    expect(within(problems[0]).getByRole('link').getAttribute('href')).toBe(`/courses/${draftWithProblems.id}/lessons/${blankLesson.id}`);
    expect(within(problems[1]).getByRole('link').getAttribute('href')).toBe(`#module-${emptyModule.id}`);
    expect(document.getElementById(`module-${emptyModule.id}`)).not.toBeNull();
    expect(screen.getByTestId('course-publication-status').textContent).toBe('Draft');
    const publish = screen.getByTestId('publish-course') as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    expect(publish.getAttribute('aria-describedby')).toBe('publication-blocked-reason');
  });

  it('shows the problems in Arabic', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: draftWithProblems }) }, buildUser({ role: 'admin' }));
    await act(() => changeLanguage('ar'));
    renderDetail(draftWithProblems.id);
    const panel = await screen.findByTestId('publication-problems');
    expect(panel.textContent).toContain('ما يلزم إنجازه قبل النشر (2)');
    expect(panel.textContent).toContain('ليس في الوحدة «Closing» دروس');
    expect(screen.getByTestId('course-publication-status').textContent).toBe('مسودة');
  });

  it('publishes a ready draft after the confirmation, says so, and offers to move it back to draft', async () => {
    let current = readyDraft;
    const gateway = stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course: current }),
        'POST /api/courses/:id/publish': () => {
          current = published;
          return jsonResponse({ course: published });
        },
      },
      buildUser({ role: 'admin' }),
    );
    renderDetail(readyDraft.id);
    expect((await screen.findByTestId('publication-draft-notice')).textContent).toContain('only admins can see it');
    fireEvent.click(screen.getByTestId('publish-course'));
    expect(await screen.findByText('Learners will see "Negotiation Skills" in the catalog, search, recommendations and learning paths.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-publish-course'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Course published');
    expect(gateway.callsTo('POST', /publish$/).map((call) => call.path)).toEqual([`/api/courses/${readyDraft.id}/publish`]);
    await waitFor(() => expect(screen.getByTestId('course-publication-status').textContent).toBe('Published'));
    expect(screen.getByTestId('unpublish-course')).toBeTruthy();
    expect(screen.queryByTestId('publication-draft-notice')).toBeNull();
  });

  it("toasts the server's reason when publishing is refused", async () => {
    stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course: readyDraft }),
        'POST /api/courses/:id/publish': () =>
          jsonResponse({ statusCode: 409, message: 'This course cannot be published yet: 1 thing still needs work' }, 409),
      },
      buildUser({ role: 'admin' }),
    );
    renderDetail(readyDraft.id);
    fireEvent.click(await screen.findByTestId('publish-course'));
    fireEvent.click(await screen.findByTestId('confirm-publish-course'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Could not publish the course');
    expect(toast.textContent).toContain('This course cannot be published yet: 1 thing still needs work');
  });

  it('shows learners neither the tag, the panel nor the buttons', async () => {
    const { publication: _publication, ...learnerView } = published;
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: learnerView }) }, buildUser({ role: 'learner' }));
    renderDetail(published.id);
    await screen.findByTestId('course-detail');
    expect(screen.queryByTestId('course-publication-status')).toBeNull();
    expect(screen.queryByTestId('publish-course')).toBeNull();
    expect(screen.queryByTestId('unpublish-course')).toBeNull();
    expect(screen.queryByTestId('publication-problems')).toBeNull();
  });
});
