import type { CourseDetail } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';

const lesson = buildLesson({ title: 'Preparing Your Position', type: 'reading', content: 'Know what you want before you sit down.', keyPoints: ['Know your aim'] });
const course = buildCourseDetail({ title: 'Negotiation Skills', modules: [buildModule({ title: 'Preparation', lessons: [lesson] })] });

/** The gateway holding one course whose lesson PUT changes in place, as svc-courses does. */
function renderLesson(role: 'admin' | 'learner', reply?: () => Response) {
  let current: CourseDetail = course;
  const gateway = stubGateway(
    {
      'GET /api/courses/:id': () => jsonResponse({ course: current }),
      'PUT /api/courses/:id/lessons/:lessonId': async (request: Request) => {
        if (reply) return reply();
        const changes = (await request.json()) as Partial<CourseDetail['modules'][number]['lessons'][number]>;
        current = { ...current, modules: [{ ...current.modules[0], lessons: [{ ...current.modules[0].lessons[0], ...changes }] }] };
        return jsonResponse({ course: current });
      },
      ...progressRoutes(buildCourseProgress({ courseId: course.id })).routes,
    },
    buildUser({ role }),
  );
  renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${course.id}/lessons/${lesson.id}` },
  );
  return gateway;
}

const field = (name: string) => screen.getByTestId(`edit-lesson-${name}`) as HTMLInputElement;

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('editing a lesson from its page', () => {
  it('saves the changed text with PUT, keeps the lesson id, toasts and shows the new text', async () => {
    const gateway = renderLesson('admin');
    fireEvent.click(await screen.findByTestId('edit-lesson'));
    expect(field('content').value).toBe('Know what you want before you sit down.');
    fireEvent.change(field('title'), { target: { value: 'Knowing Your Walk-away Point' } });
    fireEvent.change(field('content'), { target: { value: 'Write down the least you will accept, and why.' } });
    fireEvent.click(screen.getByTestId('edit-lesson-save'));

    expect((await screen.findByTestId('toast')).textContent).toContain('Lesson updated');
    const [put] = gateway.callsTo('PUT', /lessons/);
    expect(put.path).toBe(`/api/courses/${course.id}/lessons/${lesson.id}`);
    expect(put.json).toMatchObject({ title: 'Knowing Your Walk-away Point', content: 'Write down the least you will accept, and why.', keyPoints: ['Know your aim'], type: 'reading' });
    await waitFor(() => expect(screen.getByTestId('lesson-content').textContent).toContain('Write down the least you will accept'));
  });

  it('says a blank text is required and sends nothing; a refusal is toasted with the server message', async () => {
    const gateway = renderLesson('admin', () => jsonResponse({ statusCode: 404, message: 'Lesson not found' }, 404));
    fireEvent.click(await screen.findByTestId('edit-lesson'));
    fireEvent.change(field('content'), { target: { value: ' \n ' } });
    fireEvent.click(screen.getByTestId('edit-lesson-save'));
    expect(await within(screen.getByTestId('edit-lesson-form')).findByText('Content is required')).toBeTruthy();
    expect(gateway.callsTo('PUT', /lessons/)).toEqual([]);

    fireEvent.change(field('content'), { target: { value: 'A real text.' } });
    fireEvent.click(screen.getByTestId('edit-lesson-save'));
    const toast = (await screen.findByTestId('toast')).textContent ?? '';
    expect(toast).toContain('Error updating lesson');
    expect(toast).toContain('Lesson not found');
  });

  it('is labelled in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    renderLesson('admin');
    expect((await screen.findByTestId('edit-lesson')).textContent).toContain('تعديل الدرس');
  });

  it('is not offered to a learner', async () => {
    renderLesson('learner');
    expect(await screen.findByTestId('lesson-content')).toBeTruthy();
    expect(screen.queryByTestId('edit-lesson')).toBeNull();
  });
});
