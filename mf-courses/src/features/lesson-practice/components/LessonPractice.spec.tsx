import { LESSON_PRACTICE_MESSAGES, type LessonQuiz, type QuizAttemptReply } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway, type StubHandler } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import { Route, Routes } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';

const quizLesson = buildLesson({ title: 'Check Your Understanding', type: 'quiz', content: '1. Who orders the backlog?\n\n2. Does Agile mean no planning?', keyPoints: [], activities: [] });
const emptyQuiz = buildLesson({ title: 'Reflect', type: 'quiz', content: 'Think about your last sprint.', keyPoints: [], activities: [] });
const exercise = buildLesson({
  title: 'Run a Retrospective',
  type: 'exercise',
  content: 'Plan and run a 60-minute retrospective.',
  activities: ['Run the retrospective'],
  keyPoints: ['Limit outcomes to two actions'],
});
const course = buildCourseDetail({ modules: [buildModule({ lessons: [quizLesson, emptyQuiz, exercise] })] });

const QUIZ: LessonQuiz = {
  lessonId: quizLesson.id,
  courseId: course.id,
  passMark: 0.7,
  questions: [
    { id: 'q1', text: 'Who orders the backlog?', options: [{ id: 'a', text: 'The Developers.' }, { id: 'b', text: 'The Product Owner.' }] },
    { id: 'q2', text: 'Does Agile mean no planning?', options: [{ id: 'a', text: 'No.' }, { id: 'b', text: 'Yes.' }] },
  ],
};
const CORRECT: Record<string, string> = { q1: 'b', q2: 'a' };

function renderLesson(lessonId: string, extra: Record<string, StubHandler> = {}) {
  const progress = progressRoutes(buildCourseProgress({ courseId: course.id }));
  const attempts: unknown[] = [];
  const submissions: unknown[] = [];
  const complete = async (lesson: string) => {
    const request = new Request('http://masar.test/', { method: 'POST', body: JSON.stringify({ courseId: course.id, status: 'completed' }) });
    await progress.routes['POST /api/progress/lessons/:lessonId'](request, { lessonId: lesson }, new URL(request.url));
    return progress.current();
  };
  stubGateway({
    'GET /api/courses/:id': () => jsonResponse({ course }),
    ...progress.routes,
    'GET /api/lessons/:lessonId/quiz': (_request, { lessonId: id }) =>
      id === quizLesson.id ? jsonResponse(QUIZ) : jsonResponse({ statusCode: 422, message: LESSON_PRACTICE_MESSAGES.NO_FAIR_QUESTION }, 422),
    'GET /api/lessons/:lessonId/quiz/attempts': () => jsonResponse({ attempts: [] }),
    'POST /api/lessons/:lessonId/quiz/attempts': async (request, { lessonId: id }) => {
      const body = (await request.json()) as { answers: Array<{ questionId: string; optionId: string }> };
      attempts.push(body);
      const questions = body.answers.map(({ questionId, optionId }) => ({
        questionId,
        chosenOptionId: optionId,
        correctOptionId: CORRECT[questionId],
        correct: CORRECT[questionId] === optionId,
        explanation: `Because of ${questionId}.`,
      }));
      const correctCount = questions.filter((question) => question.correct).length;
      const passed = correctCount === 2;
      const reply: QuizAttemptReply = {
        attemptId: randomUUID(),
        lessonId: id,
        courseId: course.id,
        correctCount,
        questionCount: 2,
        score: correctCount * 50,
        passed,
        questions,
        submittedAt: new Date().toISOString(),
        progress: passed ? await complete(id) : null,
      };
      return jsonResponse(reply);
    },
    'POST /api/lessons/:lessonId/exercise/submissions': async (request, { lessonId: id }) => {
      const body = (await request.json()) as { work: string; checkedItems: string[] };
      submissions.push(body);
      return jsonResponse({ submissionId: randomUUID(), lessonId: id, courseId: course.id, checkedItems: body.checkedItems, submittedAt: new Date().toISOString(), progress: await complete(id) });
    },
    ...extra,
  });
  renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${course.id}/lessons/${lessonId}` },
  );
  return { attempts, submissions };
}

function choose(text: string) {
  fireEvent.click(screen.getByText(text));
}

async function startQuiz() {
  await waitFor(() => expect((screen.getByTestId('start-quiz') as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByTestId('start-quiz'));
  await screen.findByTestId('quiz-runner');
}

describe('a quiz lesson', () => {
  afterEach(async () => {
    await act(() => changeLanguage('en'));
  });

  it('asks one question at a time, grades a wrong attempt with the right answers and explanations, and passes on retry', async () => {
    const { attempts } = renderLesson(quizLesson.id);
    await startQuiz();
    expect(screen.getByTestId('quiz-position').textContent).toBe('Question 1 of 2');
    expect(screen.getByTestId('quiz-question').textContent).toBe('Who orders the backlog?');
    choose('The Developers.');
    fireEvent.click(screen.getByTestId('quiz-next'));
    expect(screen.getByTestId('quiz-position').textContent).toBe('Question 2 of 2');
    expect((screen.getByTestId('quiz-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('quiz-previous'));
    expect(screen.getByTestId('quiz-question').textContent).toBe('Who orders the backlog?');
    fireEvent.click(screen.getByTestId('quiz-next'));
    choose('No.');
    fireEvent.click(screen.getByTestId('quiz-submit'));

    const result = await screen.findByTestId('quiz-result');
    expect(result.textContent).toContain('Not passed yet');
    expect(result.textContent).toContain('You scored 50% (1 of 2 correct). The pass mark is 70%.');
    expect(screen.getByTestId('quiz-correct-answer').textContent).toBe('Correct answer: The Product Owner.');
    expect(screen.getAllByTestId('quiz-explanation').map((node) => node.textContent)).toEqual(['Why: Because of q1.', 'Why: Because of q2.']);
    expect(attempts).toEqual([{ answers: [{ questionId: 'q1', optionId: 'a' }, { questionId: 'q2', optionId: 'a' }] }]);
    expect(screen.getByTestId('mark-lesson-complete')).toBeTruthy();

    fireEvent.click(screen.getByTestId('quiz-retry'));
    await screen.findByTestId('quiz-runner');
    choose('The Product Owner.');
    fireEvent.click(screen.getByTestId('quiz-next'));
    choose('No.');
    fireEvent.click(screen.getByTestId('quiz-submit'));
    expect((await screen.findByTestId('quiz-result')).textContent).toContain('Quiz passed');
    expect((await screen.findByTestId('lesson-completed-button')).textContent).toBe('Completed');
  });

  it('shows the learner’s last attempt before they start again', async () => {
    renderLesson(quizLesson.id, {
      'GET /api/lessons/:lessonId/quiz/attempts': (_request, { lessonId: id }) =>
        jsonResponse({
          attempts: [{ attemptId: randomUUID(), userId: randomUUID(), lessonId: id, correctCount: 1, questionCount: 2, score: 50, passed: false, submittedAt: new Date().toISOString() }],
        }),
    });
    expect((await screen.findByTestId('quiz-last-attempt')).textContent).toBe('Your last attempt: 50%, not passed yet');
  });

  it('says why a lesson without a fair question has no quiz', async () => {
    renderLesson(emptyQuiz.id);
    expect((await screen.findByTestId('quiz-unavailable')).textContent).toBe('This lesson has no quiz: its text holds no question with an answer to check.');
    expect((screen.getByTestId('start-quiz') as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Arabic', async () => {
    await act(() => changeLanguage('ar'));
    renderLesson(quizLesson.id);
    await startQuiz();
    expect(screen.getByTestId('quiz-position').textContent).toBe('السؤال 1 من 2');
    expect(screen.getByTestId('quiz-next').textContent).toBe('التالي');
  });
});

describe('an exercise lesson', () => {
  it('takes the learner’s work and self-assessment, refusing blank work, and completes the lesson', async () => {
    const { submissions } = renderLesson(exercise.id);
    fireEvent.click(await screen.findByTestId('start-exercise'));
    const checklist = await screen.findByTestId('exercise-checklist');
    expect(checklist.textContent).toContain('Run the retrospective');
    expect(checklist.textContent).toContain('Limit outcomes to two actions');

    fireEvent.change(screen.getByTestId('exercise-work'), { target: { value: '  \u200b ' } });
    fireEvent.click(screen.getByTestId('exercise-submit'));
    expect((await screen.findByTestId('exercise-problem')).textContent).toBe('Write your work before submitting');
    expect(submissions).toEqual([]);

    fireEvent.change(screen.getByTestId('exercise-work'), { target: { value: 'We ran it and agreed two actions.' } });
    fireEvent.click(within(checklist).getByText('Run the retrospective'));
    fireEvent.click(screen.getByTestId('exercise-submit'));
    expect((await screen.findByTestId('exercise-submitted')).textContent).toContain('Exercise submitted: lesson completed');
    expect(submissions).toEqual([{ work: 'We ran it and agreed two actions.', checkedItems: ['Run the retrospective'] }]);
    expect((await screen.findByTestId('lesson-completed-button')).textContent).toBe('Completed');
  });
});
