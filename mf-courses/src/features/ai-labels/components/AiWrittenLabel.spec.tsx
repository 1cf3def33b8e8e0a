import type { AiContentLabel } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';

const BY_GPT: AiContentLabel = { feature: 'lesson-writing', provider: 'openai', model: 'gpt-4o-mini', at: '2026-11-25T10:00:00.000Z' };
const OFFLINE: AiContentLabel = { feature: 'lesson-writing', provider: 'offline', model: 'built-in', at: '2026-11-24T09:00:00.000Z' };

const written = buildLesson({ title: 'Reading the Room', aiLabel: BY_GPT });
const peoples = buildLesson({ title: 'Our Own Lesson' });
const course = buildCourseDetail({ aiLabel: OFFLINE, modules: [buildModule({ lessons: [written, peoples] })] });

function open(path: string, role: 'admin' | 'learner') {
  stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }), ...progressRoutes(buildCourseProgress({ courseId: course.id })).routes }, buildUser({ role }));
  return renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: path },
  );
}
const lessonPath = (lessonId: string) => `/courses/${course.id}/lessons/${lessonId}`;

describe('the AI-written label', () => {
  afterEach(async () => {
    await act(() => changeLanguage('en'));
  });

  it('shows an admin which AI feature and model wrote a lesson, and when, with the provider in a tooltip', async () => {
    open(lessonPath(written.id), 'admin');
    const label = await screen.findByTestId('lesson-ai-label');
    expect(label.textContent).toBe('Written by AI · Lesson writing · gpt-4o-mini · Nov 25, 2026');
    fireEvent.mouseEnter(label);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Provider: an OpenAI-compatible model');
  });

  it('shows an admin the course label, naming the built-in offline writer', async () => {
    open(`/courses/${course.id}`, 'admin');
    const label = await screen.findByTestId('course-ai-label');
    expect(label.textContent).toBe('Written by AI · Lesson writing · built-in · Nov 24, 2026');
    fireEvent.mouseEnter(label);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Provider: the built-in offline writer');
  });

  it('says it in Arabic, with the date in Arabic and the model name kept left to right', async () => {
    await act(() => changeLanguage('ar'));
    open(lessonPath(written.id), 'admin');
    const label = await screen.findByTestId('lesson-ai-label');
    const date = new Intl.DateTimeFormat('ar', { dateStyle: 'medium' }).format(new Date(BY_GPT.at));
    expect(label.textContent).toBe(`كتبه الذكاء الاصطناعي · كتابة الدروس · gpt-4o-mini · ${date}`);
    expect(label.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
  });

  it('shows nothing on a lesson people wrote', async () => {
    open(lessonPath(peoples.id), 'admin');
    await screen.findByTestId('lesson-view');
    expect(screen.queryByTestId('lesson-ai-label')).toBeNull();
  });

  it('shows a learner nothing, even were a label in the reply', async () => {
    const view = open(lessonPath(written.id), 'learner');
    await screen.findByTestId('lesson-view');
    expect(screen.queryByTestId('lesson-ai-label')).toBeNull();
    view.unmount();
    open(`/courses/${course.id}`, 'learner');
    await screen.findByTestId('course-detail');
    expect(screen.queryByTestId('course-ai-label')).toBeNull();
  });
});
