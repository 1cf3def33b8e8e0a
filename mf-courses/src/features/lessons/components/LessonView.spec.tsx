import { LESSON_NOT_IN_COURSE_MESSAGE, PROGRESS_QUEUED_MESSAGE, type CourseProgress } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';

const video = buildLesson({
  title: 'Why Preparation Wins',
  type: 'video',
  duration: '10 min',
  content: 'Most deals are decided by what each side knows before the meeting.\n\nThis video walks through two real renewals.',
  keyPoints: ['Preparation decides most outcomes'],
  activities: ['List what you know about the other side.'],
});
const reading = buildLesson({
  title: 'Preparing Your Position',
  type: 'reading',
  content: 'Write down your target.\n\nThen your walk-away point.\nAnd your best alternative.',
  keyPoints: ['Know your walk-away point', 'Prepare alternatives'],
  activities: ['Write a one-page preparation sheet.'],
});
const quiz = buildLesson({ title: 'Check Your Understanding', type: 'quiz', content: 'Q1. What is a walk-away point?\nAnswer: The least you accept.', keyPoints: [], activities: [] });
const exercise = buildLesson({ title: 'Role-play a Renewal', type: 'exercise', content: 'Pair up and run a ten-minute renewal conversation.', keyPoints: [], activities: [] });

const course = buildCourseDetail({
  modules: [
    buildModule({ title: 'Preparation', lessons: [video, reading] }),
    buildModule({ title: 'At the Table', lessons: [quiz, exercise] }),
  ],
});

function renderLesson(lessonId: string, progress: CourseProgress = buildCourseProgress({ courseId: course.id })) {
  const { routes } = progressRoutes(progress);
  stubGateway({
    'GET /api/courses/:id': () => jsonResponse({ course }),
    // An exercise first asks for the learner's own submissions, to show their latest one.
    'GET /api/lessons/:lessonId/exercise/submissions': () => jsonResponse({ submissions: [] }),
    ...routes,
  });
  return renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${course.id}/lessons/${lessonId}` },
  );
}

describe('the lesson view', () => {
  it('shows a video lesson with its placeholder, paragraphs, Key Learning Points and Interactive Activities', async () => {
    renderLesson(video.id);
    const view = await screen.findByTestId('lesson-view');
    expect(screen.getByTestId('back-to-course').getAttribute('href')).toBe(`/courses/${course.id}`);
    expect(screen.getByTestId('back-to-course').textContent).toContain('Back to Course');
    expect(screen.getByTestId('lesson-module').textContent).toBe('Module 1');
    expect(view.textContent).toContain('Why Preparation Wins');
    expect(view.textContent).toContain('10 min');
    expect(screen.getByTestId('lesson-type').textContent).toBe('Video');
    expect(screen.getByTestId('lesson-video-placeholder').textContent).toContain('Video content would be displayed here');
    const paragraphs = screen.getByTestId('lesson-content').querySelectorAll('.ant-typography');
    expect([...paragraphs].map((paragraph) => paragraph.textContent)).toEqual([
      'Most deals are decided by what each side knows before the meeting.',
      'This video walks through two real renewals.',
    ]);
    expect(screen.getByTestId('lesson-key-points').textContent).toBe('Key Learning PointsPreparation decides most outcomes');
    expect(screen.getByTestId('lesson-activities').textContent).toBe('Interactive ActivitiesList what you know about the other side.');
    expect(screen.getByTestId('lesson-position').textContent).toBe('Lesson 1 of 4');
  });

  it('shows a reading lesson as Reading Material, keeping line breaks inside a paragraph', async () => {
    renderLesson(reading.id);
    await screen.findByTestId('lesson-view');
    expect(screen.getByText('Reading Material')).toBeTruthy();
    const paragraphs = screen.getByTestId('lesson-content').querySelectorAll('.ant-typography');
    expect([...paragraphs].map((paragraph) => paragraph.textContent)).toEqual([
      'Write down your target.',
      'Then your walk-away point.\nAnd your best alternative.',
    ]);
    expect(screen.queryByTestId('lesson-video-placeholder')).toBeNull();
  });

  it('shows a quiz as Knowledge Check with Start Quiz, and no empty point lists', async () => {
    renderLesson(quiz.id);
    await screen.findByTestId('lesson-view');
    expect(screen.getByText('Knowledge Check')).toBeTruthy();
    expect(screen.getByTestId('start-quiz').textContent).toBe('Start Quiz');
    expect(screen.getByTestId('lesson-module').textContent).toBe('Module 2');
    expect(screen.queryByTestId('lesson-key-points')).toBeNull();
    expect(screen.queryByTestId('lesson-activities')).toBeNull();
  });

  it('shows an exercise as Practical Exercise with its instructions and Start Exercise', async () => {
    renderLesson(exercise.id);
    const view = await screen.findByTestId('lesson-view');
    expect(view.textContent).toContain('Practical Exercise');
    expect(view.textContent).toContain('Instructions');
    expect(view.textContent).toContain('Pair up and run a ten-minute renewal conversation.');
    expect((await screen.findByTestId('start-exercise')).textContent).toBe('Start Exercise');
  });

  it('moves through all lessons of the course in order, across modules, disabled at the ends', async () => {
    renderLesson(video.id);
    await screen.findByTestId('lesson-view');
    const previous = () => screen.getByTestId('previous-lesson') as HTMLButtonElement;
    const next = () => screen.getByTestId('next-lesson') as HTMLButtonElement;
    const title = () => within(screen.getByTestId('lesson-view')).getByRole('heading', { level: 2 }).textContent;

    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    expect(title()).toBe('Preparing Your Position');
    fireEvent.click(next());
    expect(title()).toBe('Check Your Understanding');
    expect(screen.getByTestId('lesson-module').textContent).toBe('Module 2');
    fireEvent.click(next());
    expect(title()).toBe('Role-play a Renewal');
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Next Lesson')).toBeTruthy();
    fireEvent.click(previous());
    expect(title()).toBe('Check Your Understanding');
    expect(screen.getByText('Previous Lesson')).toBeTruthy();
  });

  it('lists the sources a lesson was written from: catalog lessons as links, document sections by file', async () => {
    const quoted = { courseId: '20000000-0000-4000-8000-000000000777', lessonId: '30000000-0000-4000-8000-000000000777' };
    const cited = buildLesson({
      title: 'Reading the Room',
      sources: [
        { origin: 'catalog', ...quoted, courseTitle: 'Negotiation Skills', lessonTitle: 'Preparing Your Position' },
        { origin: 'document', fileName: 'sales-playbook.pdf', section: 'Handling objections' },
        { origin: 'document', fileName: 'notes.md' },
      ],
    });
    const withSources = buildCourseDetail({ modules: [buildModule({ lessons: [cited, reading] })] });
    stubGateway({
      'GET /api/courses/:id': () => jsonResponse({ course: withSources }),
      ...progressRoutes(buildCourseProgress({ courseId: withSources.id })).routes,
    });
    renderWithMasar(
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
      </Routes>,
      { route: `/courses/${withSources.id}/lessons/${cited.id}` },
    );
    const sources = await screen.findByTestId('lesson-sources');
    expect(sources.textContent).toContain('Sources');
    const entries = within(sources).getAllByTestId('lesson-source');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Negotiation Skills › Preparing Your Position',
      'sales-playbook.pdf — Handling objections',
      'notes.md',
    ]);
    expect(within(entries[0]).getByRole('link').getAttribute('href')).toBe(`/courses/${quoted.courseId}/lessons/${quoted.lessonId}`);
    expect(within(entries[1]).queryByRole('link')).toBeNull();

    fireEvent.click(screen.getByTestId('next-lesson'));
    expect(screen.queryByTestId('lesson-sources')).toBeNull();
  });

  it('shows admins what the Content Enhancement agent changed in a lesson, and learners nothing of it', async () => {
    const enhanced = buildLesson({
      title: 'Reading the Room',
      enhancements: [{ at: '2026-11-25T10:00:00.000Z', taskId: '40000000-0000-4000-8000-000000000001', changes: ['added 4 key points from its text', 'added 1 activity from its text'] }],
    });
    const withEnhancements = buildCourseDetail({ modules: [buildModule({ lessons: [enhanced] })] });
    const open = (user: ReturnType<typeof buildUser>) => {
      stubGateway(
        { 'GET /api/courses/:id': () => jsonResponse({ course: withEnhancements }), ...progressRoutes(buildCourseProgress({ courseId: withEnhancements.id })).routes },
        user,
      );
      return renderWithMasar(
        <Routes>
          <Route path="/courses/*" element={<CoursesPage />} />
        </Routes>,
        { route: `/courses/${withEnhancements.id}/lessons/${enhanced.id}` },
      );
    };
    const asAdmin = open(buildUser({ role: 'admin' }));
    const entry = await screen.findByTestId('lesson-enhancement');
    expect(entry.textContent).toBe('Enhanced by the Content Enhancement agent on Nov 25, 2026: added 4 key points from its text; added 1 activity from its text');
    asAdmin.unmount();

    open(buildUser({ role: 'learner' }));
    await screen.findByTestId('lesson-view');
    expect(screen.queryByTestId('lesson-enhancements')).toBeNull();
  });

  it('says so when the course has no lesson with that id', async () => {
    renderLesson('30000000-0000-4000-8000-000000000404');
    expect((await screen.findByTestId('lesson-not-found')).textContent).toContain('Lesson not found');
  });
});

describe("the lesson view's progress", () => {
  const progressReports = (gateway: ReturnType<typeof stubGateway>) =>
    gateway.callsTo('POST', /^\/api\/progress\/lessons\//).map((call) => [call.path, call.json]);

  function openLesson(lessonId: string, routes: Parameters<typeof stubGateway>[0]) {
    const gateway = stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }), ...routes });
    renderWithMasar(
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
      </Routes>,
      { route: `/courses/${course.id}/lessons/${lessonId}` },
    );
    return gateway;
  }

  afterEach(async () => {
    await act(() => changeLanguage('en'));
  });

  it('records once that the lesson was opened, and again for each lesson Next opens', async () => {
    const { routes, current } = progressRoutes(buildCourseProgress({ courseId: course.id }));
    const gateway = openLesson(video.id, routes);
    await screen.findByTestId('lesson-view');
    await waitFor(() => expect(current().startedLessonIds).toEqual([video.id]));
    // Re-renders (the progress answer arriving, the refetch after the report) record nothing more.
    await waitFor(() => expect(gateway.callsTo('GET', /^\/api\/progress\//).length).toBeGreaterThanOrEqual(2));
    expect(progressReports(gateway)).toEqual([
      [`/api/progress/lessons/${video.id}`, { courseId: course.id, status: 'started', secondsSpent: 0 }],
    ]);

    fireEvent.click(screen.getByTestId('next-lesson'));
    await waitFor(() => expect(current().startedLessonIds).toEqual([video.id, reading.id]));
    expect(progressReports(gateway).map(([path]) => path)).toEqual([
      `/api/progress/lessons/${video.id}`,
      `/api/progress/lessons/${reading.id}`,
    ]);
  });

  it("records one opening under StrictMode's doubled effects", async () => {
    const { routes } = progressRoutes(buildCourseProgress({ courseId: course.id }));
    const gateway = stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }), ...routes });
    renderWithMasar(
      <StrictMode>
        <Routes>
          <Route path="/courses/*" element={<CoursesPage />} />
        </Routes>
      </StrictMode>,
      { route: `/courses/${course.id}/lessons/${quiz.id}` },
    );
    await waitFor(() => expect(progressReports(gateway)).toHaveLength(1));
    await waitFor(() => expect(gateway.callsTo('GET', /^\/api\/progress\//).length).toBeGreaterThanOrEqual(2));
    expect(progressReports(gateway)).toHaveLength(1);
  });

  it('keeps quiet when recording the opening fails, and only logs it', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      openLesson(video.id, {
        'GET /api/progress/courses/:courseId': () => jsonResponse({ progress: buildCourseProgress({ courseId: course.id }) }),
        'POST /api/progress/lessons/:lessonId': () => jsonResponse({ statusCode: 503, message: 'svc-progress is not answering' }, 503),
      });
      await screen.findByTestId('lesson-view');
      await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining(video.id), expect.objectContaining({ status: 503 })));
      expect(screen.queryByTestId('toast')).toBeNull();
      await waitFor(() => expect((screen.getByTestId('mark-lesson-complete') as HTMLButtonElement).disabled).toBe(false));
    } finally {
      logged.mockRestore();
    }
  });

  it('marks the lesson complete with the seconds since it opened, says "Lesson completed" and then shows Completed', async () => {
    const { routes, current } = progressRoutes(buildCourseProgress({ courseId: course.id }));
    const gateway = openLesson(reading.id, routes);
    const button = await screen.findByTestId('mark-lesson-complete');
    expect(button.textContent).toBe('Mark as Complete');
    expect(button.classList.contains('ant-btn-primary')).toBe(true);
    await waitFor(() => expect((screen.getByTestId('mark-lesson-complete') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('mark-lesson-complete'));

    expect((await screen.findByTestId('toast')).textContent).toContain('Lesson completed');
    const completed = await screen.findByTestId('lesson-completed-button');
    expect(completed.textContent).toBe('Completed');
    expect((completed as HTMLButtonElement).disabled).toBe(true);
    expect(within(completed).getByRole('img', { name: 'check' })).toBeTruthy();
    expect(screen.queryByTestId('mark-lesson-complete')).toBeNull();

    const completion = gateway.callsTo('POST', /^\/api\/progress\/lessons\//).find((call) => (call.json as { status: string }).status === 'completed');
    expect(completion?.path).toBe(`/api/progress/lessons/${reading.id}`);
    expect(completion?.json).toEqual({ courseId: course.id, status: 'completed', secondsSpent: expect.any(Number) });
    const { secondsSpent } = completion?.json as { secondsSpent: number };
    expect(Number.isInteger(secondsSpent) && secondsSpent >= 0 && secondsSpent <= 4 * 60 * 60).toBe(true);
    expect(current().completedLessonIds).toEqual([reading.id]);
    // The Next Lesson button is as it was.
    expect((screen.getByTestId('next-lesson') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('next-lesson').textContent).toBe('Next Lesson');
  });

  it('says "Lesson completed" with the gateway\'s message when svc-progress is away, and shows Completed until the progress catches up', async () => {
    const { routes, current, setProgressServiceAway } = progressRoutes(buildCourseProgress({ courseId: course.id }));
    const gateway = openLesson(reading.id, routes);
    await waitFor(() => expect((screen.getByTestId('mark-lesson-complete') as HTMLButtonElement).disabled).toBe(false));
    await waitFor(() => expect(current().startedLessonIds).toEqual([reading.id]));
    const readsBefore = gateway.callsTo('GET', /^\/api\/progress\//).length;

    setProgressServiceAway(true);
    fireEvent.click(screen.getByTestId('mark-lesson-complete'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Lesson completed');
    expect(toast.textContent).toContain(PROGRESS_QUEUED_MESSAGE);
    expect((await screen.findByTestId('lesson-completed-button')).textContent).toBe('Completed');
    // The report waits; the cache entry was invalidated and its refetch (answered 503) changed nothing shown.
    expect(current().completedLessonIds).toEqual([]);
    await waitFor(() => expect(gateway.callsTo('GET', /^\/api\/progress\//).length).toBeGreaterThan(readsBefore));
    expect(screen.getByTestId('lesson-completed-button')).toBeTruthy();
    expect(screen.queryByTestId('mark-lesson-complete')).toBeNull();

    // svc-progress returns and records the waiting report; the next lesson is not completed by it.
    setProgressServiceAway(false);
    expect(current().completedLessonIds).toEqual([reading.id]);
    fireEvent.click(screen.getByTestId('next-lesson'));
    await waitFor(() => expect(current().startedLessonIds).toEqual([quiz.id]));
    await waitFor(() => expect((screen.getByTestId('mark-lesson-complete') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('previous-lesson'));
    expect((await screen.findByTestId('lesson-completed-button')).textContent).toBe('Completed');
  });

  it('says the queued completion in Arabic', async () => {
    const { routes, setProgressServiceAway } = progressRoutes(buildCourseProgress({ courseId: course.id }));
    await act(() => changeLanguage('ar'));
    openLesson(video.id, routes);
    await waitFor(() => expect((screen.getByTestId('mark-lesson-complete') as HTMLButtonElement).disabled).toBe(false));
    setProgressServiceAway(true);
    fireEvent.click(screen.getByTestId('mark-lesson-complete'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('اكتمل الدرس');
    expect(toast.textContent).toContain('حُفظ تقدّمك');
    expect((await screen.findByTestId('lesson-completed-button')).textContent).toBe('مكتمل');
  });

  it('shows Completed straight away for a lesson completed before', async () => {
    renderLesson(video.id, buildCourseProgress({ courseId: course.id, completedLessonIds: [video.id] }));
    const completed = await screen.findByTestId('lesson-completed-button');
    expect((completed as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers Mark as Complete on quiz and exercise lessons too', async () => {
    const quizView = renderLesson(quiz.id);
    expect((await screen.findByTestId('mark-lesson-complete')).textContent).toBe('Mark as Complete');
    expect(screen.getByTestId('start-quiz')).toBeTruthy();
    quizView.unmount();

    renderLesson(exercise.id);
    expect((await screen.findByTestId('mark-lesson-complete')).textContent).toBe('Mark as Complete');
    expect(await screen.findByTestId('start-exercise')).toBeTruthy();
  });

  it('says "Error" with the server\'s message when the lesson cannot be marked complete, and offers it again', async () => {
    openLesson(video.id, {
      'GET /api/progress/courses/:courseId': () => jsonResponse({ progress: buildCourseProgress({ courseId: course.id }) }),
      'POST /api/progress/lessons/:lessonId': async (request) => {
        const { status } = (await request.json()) as { status: string };
        return status === 'started'
          ? jsonResponse({ progress: buildCourseProgress({ courseId: course.id, startedLessonIds: [video.id] }) })
          : jsonResponse({ statusCode: 404, message: LESSON_NOT_IN_COURSE_MESSAGE }, 404);
      },
    });
    await waitFor(() => expect((screen.getByTestId('mark-lesson-complete') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('mark-lesson-complete'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('Lesson not found in this course');
    expect(screen.queryByTestId('lesson-completed-button')).toBeNull();
    expect((screen.getByTestId('mark-lesson-complete') as HTMLButtonElement).disabled).toBe(false);
  });

  it('waits for the progress before offering Mark as Complete', async () => {
    openLesson(video.id, { 'GET /api/progress/courses/:courseId': never, 'POST /api/progress/lessons/:lessonId': never });
    expect(((await screen.findByTestId('mark-lesson-complete')) as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Arabic', async () => {
    const { routes } = progressRoutes(buildCourseProgress({ courseId: course.id }));
    await act(() => changeLanguage('ar'));
    openLesson(video.id, routes);
    await waitFor(() => expect((screen.getByTestId('mark-lesson-complete') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('mark-lesson-complete').textContent).toBe('وضع علامة كمكتمل');
    fireEvent.click(screen.getByTestId('mark-lesson-complete'));
    expect((await screen.findByTestId('toast')).textContent).toContain('اكتمل الدرس');
    expect((await screen.findByTestId('lesson-completed-button')).textContent).toBe('مكتمل');
  });
});

describe('the video of a video lesson', () => {
  const key = 'ab'.repeat(32);
  const videoLessons = {
    youtube: buildLesson({ title: 'Opening Offers', type: 'video', video: { kind: 'youtube', id: 'dQw4w9WgXcQ' } }),
    vimeo: buildLesson({ title: 'Closing', type: 'video', video: { kind: 'vimeo', id: '76979871', hash: 'abc123def' } }),
    file: buildLesson({ title: 'Anchoring', type: 'video', video: { kind: 'file', url: 'https://cdn.example.org/anchoring.mp4' } }),
    upload: buildLesson({ title: 'Silence', type: 'video', video: { kind: 'upload', key, mediaType: 'video/webm', bytes: 2048 } }),
    none: buildLesson({ title: 'Walking Away', type: 'video' }),
  };
  const videoCourse = buildCourseDetail({ modules: [buildModule({ title: 'Tactics', lessons: Object.values(videoLessons) })] });

  function renderVideoLesson(lessonId: string) {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: videoCourse }), ...progressRoutes(buildCourseProgress({ courseId: videoCourse.id })).routes });
    return renderWithMasar(
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
      </Routes>,
      { route: `/courses/${videoCourse.id}/lessons/${lessonId}` },
    );
  }

  afterEach(async () => {
    await act(() => changeLanguage('en'));
  });

  it('embeds YouTube from its no-cookie host in a titled, sandboxed frame, without the placeholder', async () => {
    renderVideoLesson(videoLessons.youtube.id);
    const frame = (await screen.findByTestId('lesson-video-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.title).toBe('Video: Opening Offers');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(screen.queryByTestId('lesson-video-placeholder')).toBeNull();
    expect(screen.queryByText('Video content would be displayed here')).toBeNull();
  });

  it("embeds Vimeo from its player host, keeping an unlisted video's hash", async () => {
    renderVideoLesson(videoLessons.vimeo.id);
    const frame = await screen.findByTestId('lesson-video-frame');
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/76979871?h=abc123def');
    expect(frame.getAttribute('data-provider')).toBe('vimeo');
  });

  it("plays a linked file and an upload in the browser's own player", async () => {
    renderVideoLesson(videoLessons.file.id);
    const linked = (await screen.findByTestId('lesson-video-file')) as HTMLVideoElement;
    expect(linked.getAttribute('src')).toBe('https://cdn.example.org/anchoring.mp4');
    expect(linked.controls).toBe(true);
    expect(linked.getAttribute('preload')).toBe('metadata');
    expect(screen.queryByTestId('lesson-video-frame')).toBeNull();
  });

  it('plays an upload from its address on the gateway, labelled in Arabic in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    renderVideoLesson(videoLessons.upload.id);
    const uploaded = await screen.findByTestId('lesson-video-file');
    expect(uploaded.getAttribute('src')).toBe(`/api/media/lesson-videos/${key}.webm`);
    expect(uploaded.getAttribute('aria-label')).toBe('فيديو: Silence');
  });

  it('shows the placeholder only for a video lesson with neither link nor file, in both languages', async () => {
    renderVideoLesson(videoLessons.none.id);
    expect((await screen.findByTestId('lesson-video-placeholder')).textContent).toContain('Video content would be displayed here');
    expect(screen.queryByTestId('lesson-video-frame')).toBeNull();
    expect(screen.queryByTestId('lesson-video-file')).toBeNull();
    await act(() => changeLanguage('ar'));
    await waitFor(() => expect(screen.getByTestId('lesson-video-placeholder').textContent).toContain('سيُعرض محتوى الفيديو هنا'));
  });
});
