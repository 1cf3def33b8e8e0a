import type { ExerciseSubmissionReviewPage, ReviewedExerciseSubmission } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';

const exercise = buildLesson({ title: 'Run a Retrospective', type: 'exercise', content: 'Plan and run a retrospective.', activities: ['Run the retrospective'], keyPoints: [] });
const reading = buildLesson({ title: 'Why Retrospectives', type: 'reading' });
const course = buildCourseDetail({ modules: [buildModule({ lessons: [reading, exercise] })] });

function submission(index: number, overrides: Partial<ReviewedExerciseSubmission> = {}): ReviewedExerciseSubmission {
  const submissionId = `50000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    submissionId,
    userId: `60000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    lessonId: exercise.id,
    courseId: course.id,
    work: `Work number ${index}.`,
    checkedItems: [],
    attachments: [],
    feedback: { status: 'given', language: 'en', text: 'This is an automatic check of coverage, not a grade.', covered: ['Run the retrospective'], missing: [], provider: 'offline', model: 'built-in' },
    submittedAt: '2026-11-25T10:00:00.000Z',
    userName: `Learner ${index}`,
    userEmail: `learner${index}@masar.test`,
    ...overrides,
  };
}

/** The review page as an admin (by default), the gateway answering `pages` of 10. */
function openReview(all: ReviewedExerciseSubmission[], { role = 'admin' as 'admin' | 'learner', review }: { role?: 'admin' | 'learner'; review?: () => Response | Promise<Response> } = {}) {
  const gateway = stubGateway(
    {
      'GET /api/courses/:id': () => jsonResponse({ course }),
      ...progressRoutes(buildCourseProgress({ courseId: course.id })).routes,
      'GET /api/lessons/:lessonId/exercise/submissions': () => jsonResponse({ submissions: [] }),
      'GET /api/lessons/:lessonId/exercise/review':
        review ??
        ((_request, _params, url) => {
          const page = Number(url.searchParams.get('page'));
          const pageSize = Number(url.searchParams.get('pageSize'));
          const reply: ExerciseSubmissionReviewPage = { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
          return jsonResponse(reply);
        }),
    },
    buildUser({ role }),
  );
  renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${course.id}/lessons/${exercise.id}/submissions` },
  );
  return gateway;
}

describe("an admin's review of an exercise's submissions", () => {
  afterEach(async () => {
    await act(() => changeLanguage('en'));
  });

  it('lists each learner’s submission with their name, work, files and feedback, ten a page', async () => {
    const all = Array.from({ length: 12 }, (_, index) =>
      submission(index + 1, index === 0 ? { attachments: [{ attachmentId: '70000000-0000-4000-8000-000000000001', name: 'board.png', mediaType: 'image/png', size: 2048, sha256: 'a'.repeat(64), downloadUrl: '/api/lessons/x/exercise/submissions/y/attachments/z' }] } : {}),
    );
    const gateway = openReview(all);
    const list = await screen.findByTestId('exercise-review-list');
    expect(screen.getByTestId('exercise-review-lesson').textContent).toBe('Run a Retrospective');
    expect(screen.getByTestId('exercise-review-total').textContent).toBe('12 submissions, newest first');
    const cards = within(list).getAllByTestId('exercise-submission');
    expect(cards).toHaveLength(10);
    expect(within(cards[0]).getByTestId('exercise-review-learner').textContent).toBe('Learner 1learner1@masar.test');
    expect(within(cards[0]).getByTestId('exercise-submission-work').textContent).toBe('Work number 1.');
    expect(within(cards[0]).getByTestId('exercise-attachment-link').getAttribute('href')).toBe('/api/lessons/x/exercise/submissions/y/attachments/z');
    expect(within(cards[0]).getByTestId('exercise-feedback-covered').textContent).toContain('The work seems to cover:');

    fireEvent.click(within(screen.getByTestId('exercise-review-pages')).getByText('2'));
    await waitFor(() => expect(within(screen.getByTestId('exercise-review-list')).getAllByTestId('exercise-submission')).toHaveLength(2));
    expect(screen.getByTestId('exercise-review-list').textContent).toContain('Learner 12');
    expect(gateway.callsTo('GET', /\/exercise\/review$/).map((call) => [call.path, call.search.toString()])).toEqual([
      [`/api/lessons/${exercise.id}/exercise/review`, 'page=1&pageSize=10'],
      [`/api/lessons/${exercise.id}/exercise/review`, 'page=2&pageSize=10'],
    ]);
  });

  it('says so when nobody has submitted', async () => {
    openReview([]);
    expect((await screen.findByTestId('exercise-review-empty')).textContent).toContain('No learner has submitted work for this exercise yet.');
  });

  it('in Arabic: the headings, the count, an unknown learner and the reason feedback is missing', async () => {
    await act(() => changeLanguage('ar'));
    openReview([submission(1, { userName: null, userEmail: null, feedback: { status: 'unavailable', language: 'ar', text: '', covered: [], missing: [], provider: null, model: null, message: 'The AI service is unavailable', reason: 'ai-unavailable' } })]);
    const list = await screen.findByTestId('exercise-review-list');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('أعمال المتعلمين المُرسلة');
    expect(screen.getByTestId('exercise-review-total').textContent).toBe('عمل واحد مُرسل، الأحدث أولًا');
    expect(within(list).getByTestId('exercise-review-learner').textContent).toBe('متعلم لم يعد في مسار');
    expect(within(list).getByTestId('exercise-feedback').textContent).toContain('لم تستجب خدمة الذكاء الاصطناعي في الوقت المحدد.');
    expect(within(list).getByTestId('exercise-feedback').textContent).not.toContain('The AI service is unavailable');
  });

  it('shows a failure with Retry, and loading until the page arrives', async () => {
    let fail = true;
    openReview([submission(1)], {
      review: () => (fail ? jsonResponse({ statusCode: 503, message: 'svc-courses is unavailable' }, 503) : jsonResponse({ items: [submission(1)], total: 1, page: 1, pageSize: 10 })),
    });
    const error = await screen.findByTestId('exercise-review-error');
    expect(error.textContent).toContain('Could not load the submissions');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('exercise-review-list')).toBeTruthy();
  });

  it('shows loading while the page is on its way', async () => {
    openReview([], { review: () => never() });
    expect(await screen.findByTestId('exercise-review-loading')).toBeTruthy();
  });

  it('is for admins: a learner is told so and nothing is asked', async () => {
    const gateway = openReview([submission(1)], { role: 'learner' });
    expect((await screen.findByTestId('exercise-review-forbidden')).textContent).toContain("Only admins can review learners' submissions.");
    expect(gateway.callsTo('GET', /\/exercise\/review/)).toEqual([]);
  });

  it('is reached from the exercise lesson by admins only', async () => {
    stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course }),
        ...progressRoutes(buildCourseProgress({ courseId: course.id })).routes,
        'GET /api/lessons/:lessonId/exercise/submissions': () => jsonResponse({ submissions: [] }),
      },
      buildUser({ role: 'admin' }),
    );
    const view = renderWithMasar(
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
      </Routes>,
      { route: `/courses/${course.id}/lessons/${exercise.id}` },
    );
    expect((await screen.findByTestId('review-submissions')).getAttribute('href')).toBe(`/courses/${course.id}/lessons/${exercise.id}/submissions`);
    view.unmount();
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }), ...progressRoutes(buildCourseProgress({ courseId: course.id })).routes }, buildUser({ role: 'learner' }));
    renderWithMasar(
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
      </Routes>,
      { route: `/courses/${course.id}/lessons/${reading.id}` },
    );
    await screen.findByTestId('lesson-view');
    expect(screen.queryByTestId('review-submissions')).toBeNull();
  });
});
