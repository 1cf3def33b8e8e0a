import { type AgentTask, COURSE_NARRATION_FAILED_MESSAGE } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';
import { CoursesPage } from '../../courses/components/CoursesPage';

const course = buildCourseDetail({
  title: 'Budgeting Basics',
  modules: [buildModule({ lessons: [buildLesson({ title: 'Making a Budget', content: 'A budget is a plan for money.' })] })],
});

function queuedTask(): AgentTask {
  const now = new Date().toISOString();
  return {
    id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
    title: `Course narration: ${course.title}`,
    type: 'course-narration',
    agent: 'content-enhancement',
    status: 'queued',
    progress: 0,
    currentStep: 'Waiting to start',
    canPause: false,
    canCancel: true,
    startTime: null,
    endTime: null,
    estimatedDuration: 20,
    error: null,
    logs: [{ at: now, message: 'Queued' }],
    result: null,
    createdBy: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
    createdAt: now,
    updatedAt: now,
  };
}

function renderDetail() {
  return renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${course.id}` },
  );
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('narrating a whole course from its detail page', () => {
  it('lets an admin start it and says how many lessons will be narrated, in English and in Arabic', async () => {
    const gateway = stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course }),
        'POST /api/courses/:id/generate-audio': () => jsonResponse({ totalLessons: 7, task: queuedTask() }, 202),
      },
      buildUser({ role: 'admin' }),
    );
    renderDetail();
    const button = await screen.findByTestId('narrate-course');
    expect(button.textContent).toBe('Generate Audio for All Lessons');
    fireEvent.click(button);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Generating Audio');
    expect(toast.textContent).toContain('Lessons to narrate: 7.');
    expect(gateway.callsTo('POST', /generate-audio$/).map((call) => call.path)).toEqual([`/api/courses/${course.id}/generate-audio`]);

    await act(() => changeLanguage('ar'));
    expect(screen.getByTestId('narrate-course').textContent).toBe('إنشاء الصوت لجميع الدروس');
    fireEvent.click(screen.getByTestId('narrate-course'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('عدد الدروس التي ستُسرد: 7'));
  });

  it("says 'Error, Failed to generate audio for lessons' with the server's reason when it cannot start", async () => {
    stubGateway(
      {
        'GET /api/courses/:id': () => jsonResponse({ course }),
        'POST /api/courses/:id/generate-audio': () => jsonResponse({ statusCode: 422, message: 'This course has no lesson with text to narrate' }, 422),
      },
      buildUser({ role: 'admin' }),
    );
    renderDetail();
    fireEvent.click(await screen.findByTestId('narrate-course'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toBe(`Error${COURSE_NARRATION_FAILED_MESSAGE}: This course has no lesson with text to narrate`);
  });

  it('is not offered to learners', async () => {
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) }, buildUser({ role: 'learner' }));
    renderDetail();
    await screen.findByTestId('course-detail');
    expect(screen.queryByTestId('narrate-course')).toBeNull();
  });
});
