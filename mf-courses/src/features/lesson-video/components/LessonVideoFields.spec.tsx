import type { CourseDetail, LessonVideo } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';
import { buildFile } from '../../course-authoring/creation-task.factory';

const lesson = buildLesson({ title: 'Opening Offers', type: 'video' });
const course = buildCourseDetail({ modules: [buildModule({ lessons: [lesson] })] });

/** The gateway holding one video lesson whose video the three calls change, as svc-courses does. */
function renderEditor() {
  let current: CourseDetail = course;
  const withVideo = (video: LessonVideo | undefined) => {
    const { video: _old, ...rest } = current.modules[0].lessons[0];
    current = { ...current, modules: [{ ...current.modules[0], lessons: [video ? { ...rest, video } : rest] }] };
    return jsonResponse({ course: current });
  };
  const gateway = stubGateway(
    {
      'GET /api/courses/:id': () => jsonResponse({ course: current }),
      'PUT /api/courses/:id/lessons/:lessonId/video': () => withVideo({ kind: 'youtube', id: 'dQw4w9WgXcQ' }),
      'POST /api/courses/:id/lessons/:lessonId/video': () => withVideo({ kind: 'upload', key: 'c'.repeat(64), mediaType: 'video/mp4', bytes: 3 * 1024 * 1024 }),
      'DELETE /api/courses/:id/lessons/:lessonId/video': () => withVideo(undefined),
      ...progressRoutes(buildCourseProgress({ courseId: course.id })).routes,
    },
    buildUser({ role: 'admin' }),
  );
  renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${course.id}/lessons/${lesson.id}` },
  );
  return gateway;
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe("the edit form's video group", () => {
  it('saves a link, after which the lesson plays it, then removes it and the placeholder is back', async () => {
    const gateway = renderEditor();
    fireEvent.click(await screen.findByTestId('edit-lesson'));
    expect(screen.getByTestId('lesson-video-current').textContent).toContain('no video yet');
    fireEvent.change(screen.getByTestId('lesson-video-link'), { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.click(screen.getByTestId('lesson-video-link-save'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Video link saved');
    expect(gateway.callsTo('PUT', /video$/)[0].json).toEqual({ url: 'https://youtu.be/dQw4w9WgXcQ' });
    await waitFor(() => expect(screen.getByTestId('lesson-video-current').textContent).toBe('YouTube video dQw4w9WgXcQ'));
    expect(screen.getByTestId('lesson-video-frame').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

    fireEvent.click(screen.getByTestId('lesson-video-remove'));
    await waitFor(() => expect(gateway.callsTo('DELETE', /video$/)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('lesson-video-placeholder')).toBeTruthy());
  });

  it('refuses a hostile or unknown link before it leaves, in the interface language', async () => {
    const gateway = renderEditor();
    fireEvent.click(await screen.findByTestId('edit-lesson'));
    fireEvent.change(screen.getByTestId('lesson-video-link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('lesson-video-link-save'));
    expect(await screen.findByText('Video links must start with https://')).toBeTruthy();
    await act(() => changeLanguage('ar'));
    fireEvent.change(screen.getByTestId('lesson-video-link'), { target: { value: 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ' } });
    fireEvent.click(screen.getByTestId('lesson-video-link-save'));
    expect(await screen.findByText('استخدم رابطًا من YouTube أو Vimeo، أو رابط https لملف ‎.mp4 أو ‎.webm أو ‎.ogg أو ‎.m4v')).toBeTruthy();
    expect(gateway.callsTo('PUT', /video$/)).toEqual([]);
  });

  it('uploads a chosen file as multipart and shows the uploaded video', async () => {
    const gateway = renderEditor();
    fireEvent.click(await screen.findByTestId('edit-lesson'));
    fireEvent.change(screen.getByTestId('lesson-video-file-input'), { target: { files: [buildFile('talk.mp4', 'video/mp4', 'ftyp')] } });
    expect((await screen.findByTestId('toast')).textContent).toContain('Video uploaded');
    expect(gateway.callsTo('POST', /video$/)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('lesson-video-file').getAttribute('src')).toBe(`/api/media/lesson-videos/${'c'.repeat(64)}.mp4`));
    expect(screen.getByTestId('lesson-video-upload').textContent).toBe('Replace the video file');
  });
});
