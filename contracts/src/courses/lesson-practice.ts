import { z } from 'zod';
import { courseProgressSchema } from '../progress/progress';

/**
 * Quizzes and exercises of lessons (issue 14): svc-courses builds a quiz lesson's questions from its
 * text, grades attempts and keeps exercise submissions, each the learner's own.
 */
export const LESSON_PRACTICE_SUBJECTS = {
  /** `{lessonId}` → `LessonQuiz`: questions and options, never the answers. */
  GET_QUIZ: 'courses.lesson-quizzes.get',
  /** `SubmitQuizAttemptRequest` → `QuizAttemptResult`: graded on the server, stored as the caller's. */
  SUBMIT_QUIZ_ATTEMPT: 'courses.lesson-quizzes.submit-attempt',
  /** `ListQuizAttemptsRequest` → `QuizAttemptList`: the caller's own attempts at a quiz; an admin may name anyone. */
  LIST_QUIZ_ATTEMPTS: 'courses.lesson-quizzes.list-attempts',
  /** `SubmitExerciseRequest` → `ExerciseSubmission`: the caller's work, stored. */
  SUBMIT_EXERCISE: 'courses.lesson-exercises.submit',
} as const;

/** The share of questions answered right that passes a quiz. */
export const QUIZ_PASS_MARK = 0.7;
export const MAX_QUIZ_QUESTIONS = 50;
export const MAX_EXERCISE_WORK_LENGTH = 20_000;

export const LESSON_PRACTICE_MESSAGES = {
  LESSON_NOT_FOUND: 'Lesson not found',
  NOT_A_QUIZ: 'This lesson is not a quiz',
  NO_FAIR_QUESTION: 'This lesson has no quiz: its text holds no question with an answer to check',
  NOT_AN_EXERCISE: 'This lesson is not an exercise',
  UNKNOWN_QUESTION: 'An answer names a question this quiz does not have',
  UNKNOWN_OPTION: 'An answer names an option its question does not offer',
  DUPLICATE_QUESTION: 'Each question can be answered only once',
  BLANK_WORK: 'Write your work before submitting',
  OTHERS_ATTEMPTS: "Only admins can see other people's attempts",
} as const;

/** How many attempts a list answers, newest first. */
export const MAX_LISTED_QUIZ_ATTEMPTS = 50;

const lessonIdField = z.uuid({ error: 'Invalid lesson id' });

export const lessonIdPayloadSchema = z.object({ lessonId: lessonIdField });
export type LessonIdPayload = z.infer<typeof lessonIdPayloadSchema>;

export const quizOptionSchema = z.object({ id: z.string(), text: z.string() });
export const quizQuestionSchema = z.object({ id: z.string(), text: z.string(), options: z.array(quizOptionSchema) });
export type QuizQuestionView = z.infer<typeof quizQuestionSchema>;

/** A quiz as learners see it before answering: no answer, no explanation. */
export const lessonQuizSchema = z.object({
  lessonId: z.string().uuid(),
  courseId: z.string().uuid(),
  passMark: z.number(),
  questions: z.array(quizQuestionSchema),
});
export type LessonQuiz = z.infer<typeof lessonQuizSchema>;

export const quizAnswerSchema = z.object({
  questionId: z.string({ error: 'questionId must be text' }).min(1, { error: 'questionId must be given' }).max(20, { error: 'questionId is too long' }),
  optionId: z.string({ error: 'optionId must be text' }).min(1, { error: 'optionId must be given' }).max(20, { error: 'optionId is too long' }),
});

/** `POST /api/lessons/:lessonId/quiz/attempts` body. */
export const submitQuizAttemptBodySchema = z.object({
  answers: z
    .array(quizAnswerSchema, { error: 'answers must be a list of {questionId, optionId}' })
    .min(1, { error: 'Answer at least one question' })
    .max(MAX_QUIZ_QUESTIONS, { error: `At most ${MAX_QUIZ_QUESTIONS} answers` }),
});
export type SubmitQuizAttemptBody = z.infer<typeof submitQuizAttemptBodySchema>;

export const submitQuizAttemptRequestSchema = submitQuizAttemptBodySchema.extend({ lessonId: lessonIdField });
export type SubmitQuizAttemptRequest = z.infer<typeof submitQuizAttemptRequestSchema>;

export const gradedQuestionSchema = z.object({
  questionId: z.string(),
  chosenOptionId: z.string().nullable(),
  correctOptionId: z.string(),
  correct: z.boolean(),
  explanation: z.string(),
});
export type GradedQuestion = z.infer<typeof gradedQuestionSchema>;

/** svc-courses' grade of an attempt. */
export const quizAttemptResultSchema = z.object({
  attemptId: z.string().uuid(),
  lessonId: z.string().uuid(),
  courseId: z.string().uuid(),
  correctCount: z.number().int().nonnegative(),
  questionCount: z.number().int().positive(),
  /** Whole per cent. */
  score: z.number().int().min(0).max(100),
  passed: z.boolean(),
  questions: z.array(gradedQuestionSchema),
  submittedAt: z.string(),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

/** What the gateway answers: the grade, and the course progress when a pass completed the lesson. */
export const quizAttemptReplySchema = quizAttemptResultSchema.extend({
  progress: courseProgressSchema.nullable(),
  message: z.string().optional(),
});
export type QuizAttemptReply = z.infer<typeof quizAttemptReplySchema>;

/** `GET /api/lessons/:lessonId/quiz/attempts?userId=`: whose attempts (the caller's when absent; someone else's for admins). */
export const listQuizAttemptsQuerySchema = z.object({ userId: z.uuid({ error: 'userId must be a user id' }).optional() });
export type ListQuizAttemptsQuery = z.infer<typeof listQuizAttemptsQuerySchema>;

export const listQuizAttemptsRequestSchema = listQuizAttemptsQuerySchema.extend({ lessonId: lessonIdField });
export type ListQuizAttemptsRequest = z.infer<typeof listQuizAttemptsRequestSchema>;

export const quizAttemptSummarySchema = z.object({
  attemptId: z.string().uuid(),
  userId: z.string().uuid(),
  lessonId: z.string().uuid(),
  correctCount: z.number().int().nonnegative(),
  questionCount: z.number().int().positive(),
  score: z.number().int().min(0).max(100),
  passed: z.boolean(),
  submittedAt: z.string(),
});
export type QuizAttemptSummary = z.infer<typeof quizAttemptSummarySchema>;

/** Newest first, at most MAX_LISTED_QUIZ_ATTEMPTS. */
export const quizAttemptListSchema = z.object({ attempts: z.array(quizAttemptSummarySchema) });
export type QuizAttemptList = z.infer<typeof quizAttemptListSchema>;

/** `POST /api/lessons/:lessonId/exercise/submissions` body. */
export const submitExerciseBodySchema = z.object({
  work: z
    .string({ error: 'work must be text' })
    .max(MAX_EXERCISE_WORK_LENGTH, { error: `Your work can be at most ${MAX_EXERCISE_WORK_LENGTH} characters` }),
  /** The self-assessment items the learner ticked (texts of the checklist). */
  checkedItems: z.array(z.string().max(1000, { error: 'A checklist item is too long' })).max(50, { error: 'Too many checklist items' }).default([]),
});
export type SubmitExerciseBody = z.output<typeof submitExerciseBodySchema>;

export const submitExerciseRequestSchema = submitExerciseBodySchema.extend({ lessonId: lessonIdField });
export type SubmitExerciseRequest = z.output<typeof submitExerciseRequestSchema>;

export const exerciseSubmissionSchema = z.object({
  submissionId: z.string().uuid(),
  lessonId: z.string().uuid(),
  courseId: z.string().uuid(),
  checkedItems: z.array(z.string()),
  submittedAt: z.string(),
});
export type ExerciseSubmission = z.infer<typeof exerciseSubmissionSchema>;

export const exerciseSubmissionReplySchema = exerciseSubmissionSchema.extend({
  progress: courseProgressSchema.nullable(),
  message: z.string().optional(),
});
export type ExerciseSubmissionReply = z.infer<typeof exerciseSubmissionReplySchema>;
