import { type ExerciseSubmission, LESSON_PRACTICE_MESSAGES, type LessonQuiz, type QuizAttemptReply } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway, type StubHandler } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { Route, Routes } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';

const quizLesson = buildLesson({ title: 'Check Your Understanding', type: 'quiz', content: '1. Who orders the backlog?\n\n2. Does Agile mean no planning?', keyPoints: [], activities: [] });
const multiQuizLesson = buildLesson({ title: 'Scrum Events', type: 'quiz', content: '1. Which are Scrum events?', keyPoints: [], activities: [] });
const emptyQuiz = buildLesson({ title: 'Reflect', type: 'quiz', content: 'Think about your last sprint.', keyPoints: [], activities: [] });
const exercise = buildLesson({
  title: 'Run a Retrospective',
  type: 'exercise',
  content: 'Plan and run a 60-minute retrospective.',
  activities: ['Run the retrospective'],
  keyPoints: ['Limit outcomes to two actions'],
});
const course = buildCourseDetail({ modules: [buildModule({ lessons: [quizLesson, emptyQuiz, exercise, multiQuizLesson] })] });

const QUIZ: LessonQuiz = {
  lessonId: quizLesson.id,
  courseId: course.id,
  passMark: 0.7,
  questions: [
    { id: 'q1', text: 'Who orders the backlog?', options: [{ id: 'a', text: 'The Developers.' }, { id: 'b', text: 'The Product Owner.' }], multiple: false },
    { id: 'q2', text: 'Does Agile mean no planning?', options: [{ id: 'a', text: 'No.' }, { id: 'b', text: 'Yes.' }], multiple: false },
  ],
};
const MULTI_QUIZ: LessonQuiz = {
  lessonId: multiQuizLesson.id,
  courseId: course.id,
  passMark: 0.7,
  questions: [
    {
      id: 'q1',
      text: 'Which are Scrum events?',
      options: [{ id: 'a', text: 'Sprint Review' }, { id: 'b', text: 'Burndown chart' }, { id: 'c', text: 'Daily Scrum' }],
      multiple: true,
    },
  ],
};
const CORRECT: Record<string, Record<string, string[]>> = { [quizLesson.id]: { q1: ['b'], q2: ['a'] }, [multiQuizLesson.id]: { q1: ['a', 'c'] } };

function renderLesson(lessonId: string, extra: Record<string, StubHandler> = {}, { feedbackOn = true }: { feedbackOn?: boolean } = {}) {
  const saved_: ExerciseSubmission[] = [];
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
      id === quizLesson.id
        ? jsonResponse(QUIZ)
        : id === multiQuizLesson.id
          ? jsonResponse(MULTI_QUIZ)
          : jsonResponse({ statusCode: 422, message: LESSON_PRACTICE_MESSAGES.NO_FAIR_QUESTION }, 422),
    'GET /api/lessons/:lessonId/quiz/attempts': () => jsonResponse({ attempts: [] }),
    'POST /api/lessons/:lessonId/quiz/attempts': async (request, { lessonId: id }) => {
      const body = (await request.json()) as { answers: Array<{ questionId: string; optionId?: string; optionIds?: string[] }> };
      attempts.push(body);
      const questions = body.answers.map(({ questionId, optionId, optionIds }) => {
        const chosenOptionIds = [...(optionIds ?? [optionId as string])].sort();
        const correctOptionIds = CORRECT[id][questionId];
        return {
          questionId,
          chosenOptionId: chosenOptionIds[0],
          correctOptionId: correctOptionIds[0],
          chosenOptionIds,
          correctOptionIds,
          multiple: correctOptionIds.length > 1,
          correct: chosenOptionIds.join() === correctOptionIds.join(),
          explanation: `Because of ${questionId}.`,
        };
      });
      const correctCount = questions.filter((question) => question.correct).length;
      const passed = correctCount === questions.length;
      const reply: QuizAttemptReply = {
        attemptId: randomUUID(),
        lessonId: id,
        courseId: course.id,
        correctCount,
        questionCount: questions.length,
        score: Math.round((100 * correctCount) / questions.length),
        passed,
        questions,
        submittedAt: new Date().toISOString(),
        progress: passed ? await complete(id) : null,
      };
      return jsonResponse(reply);
    },
    'POST /api/lessons/:lessonId/exercise/submissions': async (request, { lessonId: id }) => {
      const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
      const form = multipart ? await request.formData() : null;
      const body = form
        ? { work: String(form.get('work')), checkedItems: JSON.parse(String(form.get('checkedItems'))) as string[], language: String(form.get('language')), files: form.getAll('attachments').map((file) => (file as File).name) }
        : ((await request.json()) as { work: string; checkedItems: string[]; language?: string });
      submissions.push(body);
      const submissionId = randomUUID();
      const saved: ExerciseSubmission = {
        submissionId,
        userId: randomUUID(),
        lessonId: id,
        courseId: course.id,
        work: body.work,
        checkedItems: body.checkedItems,
        attachments: (form?.getAll('attachments') ?? []).map((file) => {
          const attachmentId = randomUUID();
          return { attachmentId, name: (file as File).name, mediaType: 'application/pdf', size: (file as File).size, sha256: 'a'.repeat(64), downloadUrl: `/api/lessons/${id}/exercise/submissions/${submissionId}/attachments/${attachmentId}` };
        }),
        feedback: {
          status: 'given',
          language: 'en',
          text: 'This is an automatic check of coverage, not a grade.',
          covered: body.checkedItems,
          missing: ['Limit outcomes to two actions'],
          provider: 'offline',
          model: 'built-in',
        },
        submittedAt: new Date().toISOString(),
      };
      saved_.unshift(saved);
      return jsonResponse({ ...saved, progress: await complete(id) });
    },
    'GET /api/lessons/:lessonId/exercise/submissions': () => jsonResponse({ submissions: saved_ }),
    'GET /api/ai-governance/me': () =>
      jsonResponse({ notice: null, noticeRequired: false, acceptedVersion: null, acceptedAt: null, enabledFeatures: feedbackOn ? ['exercise-feedback'] : [], budget: null }),
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

  it('asks a "select all that apply" question with checkboxes and shows every right option when graded', async () => {
    const { attempts } = renderLesson(multiQuizLesson.id);
    await startQuiz();
    expect(screen.getByTestId('quiz-select-all').textContent).toBe('Select all that apply');
    choose('Sprint Review');
    fireEvent.click(screen.getByTestId('quiz-submit'));
    const result = await screen.findByTestId('quiz-result');
    expect(result.textContent).toContain('Not passed yet');
    expect(screen.getByTestId('quiz-correct-answer').textContent).toBe('Correct answers: Sprint Review; Daily Scrum');
    expect(attempts).toEqual([{ answers: [{ questionId: 'q1', optionIds: ['a'] }] }]);
    fireEvent.click(screen.getByTestId('quiz-retry'));
    await screen.findByTestId('quiz-runner');
    choose('Daily Scrum');
    choose('Sprint Review');
    fireEvent.click(screen.getByTestId('quiz-submit'));
    expect((await screen.findByTestId('quiz-result')).textContent).toContain('Quiz passed');
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
  afterEach(async () => {
    await act(() => changeLanguage('en'));
  });

  it('takes the learner’s work, files and self-assessment, refusing blank work, completes the lesson and shows the feedback', async () => {
    const { submissions } = renderLesson(exercise.id);
    fireEvent.click(await screen.findByTestId('start-exercise'));
    const checklist = await screen.findByTestId('exercise-checklist');
    expect(checklist.textContent).toContain('Run the retrospective');
    expect(checklist.textContent).toContain('Limit outcomes to two actions');
    expect((await screen.findByTestId('exercise-feedback-note')).textContent).toContain('automatic feedback');

    fireEvent.change(screen.getByTestId('exercise-work'), { target: { value: '  \u200b ' } });
    fireEvent.click(screen.getByTestId('exercise-submit'));
    expect((await screen.findByTestId('exercise-problem')).textContent).toBe('Write your work or attach a file before submitting');
    expect(submissions).toEqual([]);

    fireEvent.change(screen.getByTestId('exercise-work'), { target: { value: 'We ran it and agreed two actions.' } });
    fireEvent.click(within(checklist).getByText('Run the retrospective'));
    const input = screen.getByTestId('exercise-files').querySelector('input[type="file"]') as HTMLInputElement;
    // Node's File: the test's fetch (undici) takes only its own Blobs in a FormData.
    const notes = new NodeFile(['%PDF-1.4 notes'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [notes] } });
    await screen.findByText('notes.pdf');
    fireEvent.click(screen.getByTestId('exercise-submit'));

    const shown = await screen.findByTestId('exercise-submission');
    expect(shown.textContent).toContain('We ran it and agreed two actions.');
    expect(within(shown).getByTestId('exercise-attachment-link').textContent).toContain('notes.pdf');
    expect(within(shown).getByTestId('exercise-feedback-missing').textContent).toContain('Limit outcomes to two actions');
    expect(within(shown).getByTestId('exercise-feedback-text').textContent).toContain('not a grade');
    expect(submissions).toEqual([{ work: 'We ran it and agreed two actions.', checkedItems: ['Run the retrospective'], language: 'en', files: ['notes.pdf'] }]);
    expect((await screen.findByTestId('lesson-completed-button')).textContent).toBe('Completed');

    // Submitting again starts from the latest work; without files the body is JSON.
    fireEvent.click(screen.getByTestId('exercise-submit-again'));
    expect((screen.getByTestId('exercise-work') as HTMLTextAreaElement).value).toBe('We ran it and agreed two actions.');
    fireEvent.click(screen.getByTestId('exercise-submit'));
    await screen.findByTestId('exercise-submission');
    expect(submissions[1]).toEqual({ work: 'We ran it and agreed two actions.', checkedItems: ['Run the retrospective'], language: 'en' });
  });

  it('refuses a file of a type it cannot take before sending anything', async () => {
    const { submissions } = renderLesson(exercise.id);
    fireEvent.click(await screen.findByTestId('start-exercise'));
    const input = (await screen.findByTestId('exercise-files')).querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'setup.exe')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('"setup.exe" cannot be attached');
    expect(screen.queryByText('setup.exe')).toBeNull();
    expect(submissions).toEqual([]);
  });

  it('says feedback is off when an admin switched it off, in Arabic too', async () => {
    await act(() => changeLanguage('ar'));
    renderLesson(exercise.id, {}, { feedbackOn: false });
    fireEvent.click(await screen.findByTestId('start-exercise'));
    expect((await screen.findByTestId('exercise-feedback-note')).textContent).toContain('أوقف المسؤول الملاحظات الآلية على التمارين.');
    expect(screen.getByTestId('exercise-attach').textContent).toBe('إرفاق ملفات');
  });
});
