import {
  type Caller,
  type CourseDetail,
  describeValidationError,
  type ErrorReply,
  EXERCISE_ATTACHMENT_MESSAGES,
  exerciseAttachmentUrl,
  type ExerciseSubmission,
  type StoredExerciseAttachment,
  chosenOptionIdsOf,
  getExerciseAttachmentRequestSchema,
  listExerciseSubmissionsRequestSchema,
  reviewExerciseSubmissionsRequestSchema,
  LESSON_PRACTICE_MESSAGES,
  LESSON_PRACTICE_SUBJECTS,
  type LessonDetail,
  lessonIdPayloadSchema,
  listQuizAttemptsRequestSchema,
  QUIZ_PASS_MARK,
  submitExerciseRequestSchema,
  submitQuizAttemptRequestSchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';

type Reply = { response: unknown } | { err: ErrorReply };

/** Every stand-in quiz: two questions, the first option right in each. */
export const STAND_IN_QUIZ_QUESTIONS = [
  { id: 'q1', text: 'Who orders the Product Backlog?', options: [{ id: 'a', text: 'The Product Owner.' }, { id: 'b', text: 'The Developers.' }], multiple: false },
  { id: 'q2', text: 'Does Agile mean no planning?', options: [{ id: 'a', text: 'No.' }, { id: 'b', text: 'Yes.' }], multiple: false },
];

/** A "select all that apply" question (a and c right), asked by quiz lessons whose text holds it (the practice provider state's). */
export const STAND_IN_MULTI_QUESTION = {
  id: 'q3',
  text: 'Which are Scrum events?',
  options: [{ id: 'a', text: 'Sprint Review' }, { id: 'b', text: 'Burndown chart' }, { id: 'c', text: 'Daily Scrum' }],
  multiple: true,
};
const CORRECT_OPTIONS: Record<string, string[]> = { q1: ['a'], q2: ['a'], q3: ['a', 'c'] };

function questionsOf(lesson: LessonDetail) {
  return lesson.content.includes(STAND_IN_MULTI_QUESTION.text) ? [...STAND_IN_QUIZ_QUESTIONS, STAND_IN_MULTI_QUESTION] : STAND_IN_QUIZ_QUESTIONS;
}

/** The stand-in's feedback: what svc-courses answers when svc-ai's offline check ran. */
export const STAND_IN_FEEDBACK = {
  status: 'given' as const,
  language: 'en' as const,
  text: 'This is an automatic check of coverage, not a grade.',
  covered: ['One exercise'],
  missing: [],
  provider: 'offline' as const,
  model: 'built-in',
};

/** svc-courses' quiz and exercise subjects over the stand-in's courses, checked against the contracts. */
export class StandInLessonPractice {
  /** Submissions by id, as svc-courses would keep them. */
  private readonly submissions = new Map<string, ExerciseSubmission>();

  constructor(private readonly courses: Map<string, CourseDetail>) {}

  /** A learner's submission of written work on an exercise lesson of these courses (a provider state). */
  seedSubmission({
    userId,
    lessonId,
    work,
    submissionId = randomUUID(),
    attachments = [],
  }: {
    userId: string;
    lessonId: string;
    work: string;
    submissionId?: string;
    attachments?: StoredExerciseAttachment[];
  }): ExerciseSubmission {
    const course = [...this.courses.values()].find((candidate) => candidate.modules.some((module) => module.lessons.some((lesson) => lesson.id === lessonId)));
    if (!course) throw new Error(`No stand-in course holds lesson ${lessonId}`);
    const submission: ExerciseSubmission = {
      submissionId,
      userId,
      lessonId,
      courseId: course.id,
      work,
      checkedItems: [],
      attachments: attachments.map((attachment) => ({ ...attachment, downloadUrl: exerciseAttachmentUrl(lessonId, submissionId, attachment.attachmentId) })),
      feedback: STAND_IN_FEEDBACK,
      submittedAt: new Date().toISOString(),
    };
    this.submissions.set(submission.submissionId, submission);
    return submission;
  }

  handlers(): Record<string, (data: unknown, caller: Caller | null) => Reply> {
    return {
      [LESSON_PRACTICE_SUBJECTS.GET_QUIZ]: (data) => {
        const parsed = lessonIdPayloadSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        return this.withLesson(parsed.data.lessonId, 'quiz', (lesson, courseId) => ({
          lessonId: parsed.data.lessonId,
          courseId,
          passMark: QUIZ_PASS_MARK,
          questions: questionsOf(lesson),
        }));
      },
      [LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT]: (data, caller) => {
        if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
        const parsed = submitQuizAttemptRequestSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        const unknown = parsed.data.answers.find((answer) => !CORRECT_OPTIONS[answer.questionId]);
        if (unknown) return { err: { statusCode: 400, message: LESSON_PRACTICE_MESSAGES.UNKNOWN_QUESTION } };
        return this.withLesson(parsed.data.lessonId, 'quiz', (lesson, courseId) => {
          const questions = questionsOf(lesson).map((question) => {
            const answer = parsed.data.answers.find((candidate) => candidate.questionId === question.id);
            const chosenOptionIds = answer ? [...chosenOptionIdsOf(answer)].sort() : [];
            const correctOptionIds = CORRECT_OPTIONS[question.id];
            return {
              questionId: question.id,
              chosenOptionId: chosenOptionIds[0] ?? null,
              correctOptionId: correctOptionIds[0],
              chosenOptionIds,
              correctOptionIds,
              multiple: question.multiple,
              correct: chosenOptionIds.join() === correctOptionIds.join(),
              explanation: `Why ${question.id}.`,
            };
          });
          const correctCount = questions.filter((question) => question.correct).length;
          return {
            attemptId: randomUUID(),
            lessonId: parsed.data.lessonId,
            courseId,
            correctCount,
            questionCount: questions.length,
            score: Math.round((100 * correctCount) / questions.length),
            passed: correctCount / questions.length >= QUIZ_PASS_MARK,
            questions,
            submittedAt: new Date().toISOString(),
          };
        });
      },
      [LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS]: (data, caller) => {
        if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
        const parsed = listQuizAttemptsRequestSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        if (caller.role !== 'admin' && parsed.data.userId !== undefined && parsed.data.userId !== caller.id) {
          return { err: { statusCode: 403, message: LESSON_PRACTICE_MESSAGES.OTHERS_ATTEMPTS } };
        }
        return this.withLesson(parsed.data.lessonId, 'quiz', () => ({ attempts: [] }));
      },
      [LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE]: (data, caller) => {
        if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
        const parsed = submitExerciseRequestSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        if (!/[\p{L}\p{N}]/u.test(parsed.data.work) && parsed.data.attachments.length === 0) return { err: { statusCode: 400, message: LESSON_PRACTICE_MESSAGES.BLANK_WORK } };
        return this.withLesson(parsed.data.lessonId, 'exercise', (_lesson, courseId) => {
          const submissionId = randomUUID();
          const submission: ExerciseSubmission = {
            submissionId,
            userId: caller.id,
            lessonId: parsed.data.lessonId,
            courseId,
            work: parsed.data.work.trim(),
            checkedItems: parsed.data.checkedItems,
            attachments: parsed.data.attachments.map((attachment) => ({ ...attachment, downloadUrl: exerciseAttachmentUrl(parsed.data.lessonId, submissionId, attachment.attachmentId) })),
            feedback: { ...STAND_IN_FEEDBACK, language: parsed.data.language ?? 'en' },
            submittedAt: new Date().toISOString(),
          };
          this.submissions.set(submissionId, submission);
          return submission;
        });
      },
      [LESSON_PRACTICE_SUBJECTS.LIST_EXERCISE_SUBMISSIONS]: (data, caller) => {
        if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
        const parsed = listExerciseSubmissionsRequestSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        if (caller.role !== 'admin' && parsed.data.userId !== undefined && parsed.data.userId !== caller.id) {
          return { err: { statusCode: 403, message: LESSON_PRACTICE_MESSAGES.OTHERS_SUBMISSIONS } };
        }
        const userId = caller.role === 'admin' ? parsed.data.userId : caller.id;
        return this.withLesson(parsed.data.lessonId, 'exercise', () => ({
          submissions: [...this.submissions.values()]
            .filter((submission) => submission.lessonId === parsed.data.lessonId && (userId === undefined || submission.userId === userId))
            .reverse(),
        }));
      },
      [LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS]: (data, caller) => {
        if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
        if (caller.role !== 'admin') return { err: { statusCode: 403, message: LESSON_PRACTICE_MESSAGES.REVIEW_ADMINS_ONLY } };
        const parsed = reviewExerciseSubmissionsRequestSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        const { lessonId, page, pageSize } = parsed.data;
        return this.withLesson(lessonId, 'exercise', () => {
          const all = [...this.submissions.values()].filter((submission) => submission.lessonId === lessonId).reverse();
          return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
        });
      },
      [LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT]: (data, caller) => {
        if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
        const parsed = getExerciseAttachmentRequestSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        const submission = this.submissions.get(parsed.data.submissionId);
        const attachment = submission?.attachments.find((candidate) => candidate.attachmentId === parsed.data.attachmentId);
        if (!submission || !attachment || submission.lessonId !== parsed.data.lessonId || (submission.userId !== caller.id && caller.role !== 'admin')) {
          return { err: { statusCode: 404, message: EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND } };
        }
        const { downloadUrl: _downloadUrl, ...stored } = attachment;
        return { response: stored };
      },
    };
  }

  private withLesson(lessonId: string, type: 'quiz' | 'exercise', answer: (lesson: LessonDetail, courseId: string) => unknown): Reply {
    for (const course of this.courses.values()) {
      const lesson = course.modules.flatMap((module) => module.lessons).find((candidate) => candidate.id === lessonId);
      if (!lesson) continue;
      if (lesson.type !== type) {
        return { err: { statusCode: 409, message: type === 'quiz' ? LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ : LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE } };
      }
      return { response: answer(lesson, course.id) };
    }
    return { err: { statusCode: 404, message: LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND } };
  }
}
