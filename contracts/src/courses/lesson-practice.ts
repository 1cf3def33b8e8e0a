import { z } from 'zod';
import { aiProviderSchema } from '../ai/ai';
import { languageSchema } from '../identity/identity.schemas';
import { paginatedSchema, paginationQuerySchema } from '../pagination';
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
  /** `SubmitExerciseRequest` → `ExerciseSubmission`: the caller's work (and attachments already in EXERCISE_ATTACHMENTS_BUCKET), stored with its feedback. */
  SUBMIT_EXERCISE: 'courses.lesson-exercises.submit',
  /** `ListExerciseSubmissionsRequest` → `ExerciseSubmissionList`: the caller's own submissions, newest first; an admin may name anyone. */
  LIST_EXERCISE_SUBMISSIONS: 'courses.lesson-exercises.list-submissions',
  /** `GetExerciseAttachmentRequest` → `ExerciseAttachmentObject`: where an attachment is kept, for its owner or an admin only (404 for anyone else). */
  GET_EXERCISE_ATTACHMENT: 'courses.lesson-exercises.get-attachment',
  /** `ReviewExerciseSubmissionsRequest` → `ExerciseSubmissionPage`: every learner's submissions to an exercise, newest first, a page at a time; admins only (403). */
  REVIEW_EXERCISE_SUBMISSIONS: 'courses.lesson-exercises.review-submissions',
} as const;

/**
 * The JetStream object store of files attached to exercise submissions (never inside a NATS
 * message): the gateway writes and serves them, svc-courses checks them and reads their text. No TTL:
 * a submission keeps its files.
 */
export const EXERCISE_ATTACHMENTS_BUCKET = 'masar-exercise-attachments';
/** Files per submission. */
export const MAX_EXERCISE_ATTACHMENTS = 3;
/** Largest attachment by default (MAX_EXERCISE_ATTACHMENT_BYTES in the gateway). */
export const DEFAULT_MAX_EXERCISE_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** The multipart field that carries attachments. */
export const EXERCISE_ATTACHMENT_FIELD = 'attachments';

/** What a learner may attach, by extension; the bytes must agree (the gateway sniffs them). */
export const EXERCISE_ATTACHMENT_TYPES = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
} as const;
export type ExerciseAttachmentExtension = keyof typeof EXERCISE_ATTACHMENT_TYPES;
export const EXERCISE_ATTACHMENT_MEDIA_TYPES = [...new Set(Object.values(EXERCISE_ATTACHMENT_TYPES))] as [string, ...string[]];
export const exerciseAttachmentMediaTypeSchema = z.enum(
  EXERCISE_ATTACHMENT_MEDIA_TYPES as [
    (typeof EXERCISE_ATTACHMENT_TYPES)[ExerciseAttachmentExtension],
    ...(typeof EXERCISE_ATTACHMENT_TYPES)[ExerciseAttachmentExtension][],
  ],
);
export type ExerciseAttachmentMediaType = z.infer<typeof exerciseAttachmentMediaTypeSchema>;
/** For the file picker's `accept`. */
export const EXERCISE_ATTACHMENT_ACCEPT = Object.keys(EXERCISE_ATTACHMENT_TYPES).join(',');

export const EXERCISE_ATTACHMENT_MESSAGES = {
  TOO_MANY: `Attach at most ${MAX_EXERCISE_ATTACHMENTS} files`,
  EMPTY: (name: string) => `"${name}" is empty`,
  TOO_LARGE: (name: string, maxBytes: number) => `"${name}" is too large (at most ${Math.floor(maxBytes / (1024 * 1024))} MB)`,
  UNSUPPORTED: (name: string) => `"${name}" cannot be attached: choose a PDF, Word, Excel, PowerPoint, text, Markdown, CSV, PNG, JPEG, WebP or GIF file`,
  MISMATCH: (name: string, holds: string) => `"${name}" ${holds}: attach the file itself, not a renamed one`,
  MISSING: 'An attached file was not found; please attach it again',
  NOT_FOUND: 'Attachment not found',
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
  DUPLICATE_OPTION: 'An answer names the same option twice',
  EMPTY_SELECTION: 'Choose at least one option for each answer',
  ONE_OPTION_ONLY: 'This question has one right answer: choose one option',
  BOTH_OPTION_FORMS: 'Give either optionId or optionIds for an answer, not both',
  BLANK_WORK: 'Write your work or attach a file before submitting',
  OTHERS_ATTEMPTS: "Only admins can see other people's attempts",
  OTHERS_SUBMISSIONS: "Only admins can see other people's submissions",
  REVIEW_ADMINS_ONLY: "Only admins can review learners' submissions",
  /** The feedback of a submission made before feedback existed. */
  FEEDBACK_PREDATES: 'Submitted before automatic feedback existed',
} as const;

/** How many attempts a list answers, newest first. */
export const MAX_LISTED_QUIZ_ATTEMPTS = 50;

const lessonIdField = z.uuid({ error: 'Invalid lesson id' });

export const lessonIdPayloadSchema = z.object({ lessonId: lessonIdField });
export type LessonIdPayload = z.infer<typeof lessonIdPayloadSchema>;

export const quizOptionSchema = z.object({ id: z.string(), text: z.string() });
export const quizQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(quizOptionSchema),
  /** Several options are right ("Select all that apply"): answer with `optionIds`. */
  multiple: z.boolean(),
});
export type QuizQuestionView = z.infer<typeof quizQuestionSchema>;

/** A quiz as learners see it before answering: no answer, no explanation. */
export const lessonQuizSchema = z.object({
  lessonId: z.string().uuid(),
  courseId: z.string().uuid(),
  passMark: z.number(),
  questions: z.array(quizQuestionSchema),
});
export type LessonQuiz = z.infer<typeof lessonQuizSchema>;

const optionIdField = z.string({ error: 'optionId must be text' }).min(1, { error: 'optionId must be given' }).max(20, { error: 'optionId is too long' });

/**
 * One answer: `optionId` for a question with one right option, `optionIds` (every option the
 * learner ticked) for a "Select all that apply" question. svc-courses checks which the question takes.
 */
export const quizAnswerSchema = z
  .object({
    questionId: z.string({ error: 'questionId must be text' }).min(1, { error: 'questionId must be given' }).max(20, { error: 'questionId is too long' }),
    optionId: optionIdField.optional(),
    optionIds: z
      .array(optionIdField, { error: 'optionIds must be a list of option ids' })
      .min(1, { error: LESSON_PRACTICE_MESSAGES.EMPTY_SELECTION })
      .max(26, { error: 'optionIds: too many options' })
      .refine((ids) => new Set(ids).size === ids.length, { error: LESSON_PRACTICE_MESSAGES.DUPLICATE_OPTION })
      .optional(),
  })
  .refine((answer) => answer.optionId !== undefined || answer.optionIds !== undefined, { error: 'optionId must be given' })
  .refine((answer) => answer.optionId === undefined || answer.optionIds === undefined, { error: LESSON_PRACTICE_MESSAGES.BOTH_OPTION_FORMS });
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

/** The options an answer chose, whichever form it used. */
export function chosenOptionIdsOf(answer: QuizAnswer): string[] {
  return answer.optionIds ?? (answer.optionId === undefined ? [] : [answer.optionId]);
}

/** `POST /api/lessons/:lessonId/quiz/attempts` body. */
export const submitQuizAttemptBodySchema = z.object({
  answers: z
    .array(quizAnswerSchema, { error: 'answers must be a list of {questionId, optionId} or {questionId, optionIds}' })
    .min(1, { error: 'Answer at least one question' })
    .max(MAX_QUIZ_QUESTIONS, { error: `At most ${MAX_QUIZ_QUESTIONS} answers` }),
});
export type SubmitQuizAttemptBody = z.infer<typeof submitQuizAttemptBodySchema>;

export const submitQuizAttemptRequestSchema = submitQuizAttemptBodySchema.extend({ lessonId: lessonIdField });
export type SubmitQuizAttemptRequest = z.infer<typeof submitQuizAttemptRequestSchema>;

export const gradedQuestionSchema = z.object({
  questionId: z.string(),
  /** The first option chosen (null when unanswered); `chosenOptionIds` has them all. */
  chosenOptionId: z.string().nullable(),
  /** The first right option; `correctOptionIds` has every right one. */
  correctOptionId: z.string(),
  chosenOptionIds: z.array(z.string()),
  correctOptionIds: z.array(z.string()),
  multiple: z.boolean(),
  /** Exactly the right options, no more and no fewer. */
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

/** `POST /api/lessons/:lessonId/exercise/submissions` body (JSON, or multipart with files in EXERCISE_ATTACHMENT_FIELD). */
export const submitExerciseBodySchema = z.object({
  work: z
    .string({ error: 'work must be text' })
    .max(MAX_EXERCISE_WORK_LENGTH, { error: `Your work can be at most ${MAX_EXERCISE_WORK_LENGTH} characters` })
    .default(''),
  /** The self-assessment items the learner ticked (texts of the checklist). */
  checkedItems: z.array(z.string().max(1000, { error: 'A checklist item is too long' })).max(50, { error: 'Too many checklist items' }).default([]),
  /** The language the feedback is written in (the learner's screen); the lesson's own when absent. */
  language: languageSchema.optional(),
});
export type SubmitExerciseBody = z.output<typeof submitExerciseBodySchema>;

const sha256Field = z.string().regex(/^[0-9a-f]{64}$/, { error: 'sha256 must be 64 hex digits' });

/** An attachment as the gateway stored it: `attachmentId` is its object name in EXERCISE_ATTACHMENTS_BUCKET. */
export const storedExerciseAttachmentSchema = z.object({
  attachmentId: z.uuid(),
  name: z.string().min(1).max(255),
  mediaType: exerciseAttachmentMediaTypeSchema,
  size: z.number().int().positive(),
  sha256: sha256Field,
});
export type StoredExerciseAttachment = z.infer<typeof storedExerciseAttachmentSchema>;

export const submitExerciseRequestSchema = submitExerciseBodySchema.extend({
  lessonId: lessonIdField,
  attachments: z.array(storedExerciseAttachmentSchema).max(MAX_EXERCISE_ATTACHMENTS, { error: EXERCISE_ATTACHMENT_MESSAGES.TOO_MANY }).default([]),
});
export type SubmitExerciseRequest = z.input<typeof submitExerciseRequestSchema>;
export type CheckedSubmitExerciseRequest = z.output<typeof submitExerciseRequestSchema>;

/** An attachment as its owner sees it, with where to download it. */
export const exerciseAttachmentSchema = storedExerciseAttachmentSchema.extend({ downloadUrl: z.string() });
export type ExerciseAttachment = z.infer<typeof exerciseAttachmentSchema>;

/** `/api/lessons/<lesson>/exercise/submissions/<submission>/attachments/<attachment>`. */
export function exerciseAttachmentUrl(lessonId: string, submissionId: string, attachmentId: string): string {
  return `/api/lessons/${lessonId}/exercise/submissions/${submissionId}/attachments/${attachmentId}`;
}

/**
 * Automatic feedback on a submission (svc-ai's `exercise-feedback`): `given` with the text and what
 * the work covers or seems to miss; `off` when an admin switched the feature off; `unavailable` when
 * it could not be produced now (`message` says why). The submission stands either way.
 */
export const EXERCISE_FEEDBACK_STATUSES = ['given', 'off', 'unavailable'] as const;
/**
 * Why feedback is `off` or `unavailable`, as a code the screen words in the reader's language
 * (`message` keeps the English detail): submitted before feedback existed; switched off by an admin;
 * the learner has not accepted the AI-use notice; their monthly AI budget is used; the feature's
 * provider has no key; svc-ai or its model did not answer; the model failed.
 */
export const EXERCISE_FEEDBACK_REASONS = ['predates', 'turned-off', 'notice-not-accepted', 'budget-used', 'not-configured', 'ai-unavailable', 'model-failed'] as const;
export type ExerciseFeedbackReason = (typeof EXERCISE_FEEDBACK_REASONS)[number];
export const exerciseFeedbackSchema = z.object({
  status: z.enum(EXERCISE_FEEDBACK_STATUSES),
  language: languageSchema,
  text: z.string(),
  covered: z.array(z.string()),
  missing: z.array(z.string()),
  provider: aiProviderSchema.nullable(),
  model: z.string().nullable(),
  message: z.string().optional(),
  /** Absent on feedback given, and on submissions stored before reasons had codes. */
  reason: z.enum(EXERCISE_FEEDBACK_REASONS).optional(),
});
export type ExerciseFeedback = z.infer<typeof exerciseFeedbackSchema>;

export const exerciseSubmissionSchema = z.object({
  submissionId: z.string().uuid(),
  userId: z.string().uuid(),
  lessonId: z.string().uuid(),
  courseId: z.string().uuid(),
  work: z.string(),
  checkedItems: z.array(z.string()),
  attachments: z.array(exerciseAttachmentSchema),
  feedback: exerciseFeedbackSchema,
  submittedAt: z.string(),
});
export type ExerciseSubmission = z.infer<typeof exerciseSubmissionSchema>;

export const exerciseSubmissionReplySchema = exerciseSubmissionSchema.extend({
  progress: courseProgressSchema.nullable(),
  message: z.string().optional(),
});
export type ExerciseSubmissionReply = z.infer<typeof exerciseSubmissionReplySchema>;

/** How many submissions a list answers, newest first. */
export const MAX_LISTED_EXERCISE_SUBMISSIONS = 20;

/** `GET /api/lessons/:lessonId/exercise/submissions?userId=`: the caller's own; an admin may name anyone. */
export const listExerciseSubmissionsQuerySchema = listQuizAttemptsQuerySchema;
export type ListExerciseSubmissionsQuery = z.infer<typeof listExerciseSubmissionsQuerySchema>;
export const listExerciseSubmissionsRequestSchema = listExerciseSubmissionsQuerySchema.extend({ lessonId: lessonIdField });
export type ListExerciseSubmissionsRequest = z.infer<typeof listExerciseSubmissionsRequestSchema>;
export const exerciseSubmissionListSchema = z.object({ submissions: z.array(exerciseSubmissionSchema) });
export type ExerciseSubmissionList = z.infer<typeof exerciseSubmissionListSchema>;

export const getExerciseAttachmentRequestSchema = z.object({
  lessonId: lessonIdField,
  submissionId: z.uuid({ error: EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND }),
  attachmentId: z.uuid({ error: EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND }),
});
export type GetExerciseAttachmentRequest = z.infer<typeof getExerciseAttachmentRequestSchema>;
/** What the gateway needs to serve an attachment from the bucket. */
export const exerciseAttachmentObjectSchema = storedExerciseAttachmentSchema;
export type ExerciseAttachmentObject = z.infer<typeof exerciseAttachmentObjectSchema>;

/**
 * `GET /api/lessons/:lessonId/exercise/review?page=&pageSize=`: an admin reviewing every learner's
 * submissions to an exercise. Learners have their own list (above); this one answers them 403.
 */
export const reviewExerciseSubmissionsQuerySchema = paginationQuerySchema;
export type ReviewExerciseSubmissionsQuery = z.infer<typeof reviewExerciseSubmissionsQuerySchema>;
export const reviewExerciseSubmissionsRequestSchema = reviewExerciseSubmissionsQuerySchema.extend({ lessonId: lessonIdField });
export type ReviewExerciseSubmissionsRequest = z.input<typeof reviewExerciseSubmissionsRequestSchema>;
export type CheckedReviewExerciseSubmissionsRequest = z.output<typeof reviewExerciseSubmissionsRequestSchema>;
/** svc-courses' page: submissions by learner id (svc-courses does not know people's names). */
export const exerciseSubmissionPageSchema = paginatedSchema(exerciseSubmissionSchema);
export type ExerciseSubmissionPage = z.infer<typeof exerciseSubmissionPageSchema>;
/** The gateway's page: each submission with its learner's name and email from svc-identity (null when unknown). */
export const reviewedExerciseSubmissionSchema = exerciseSubmissionSchema.extend({ userName: z.string().nullable(), userEmail: z.string().nullable() });
export type ReviewedExerciseSubmission = z.infer<typeof reviewedExerciseSubmissionSchema>;
export const exerciseSubmissionReviewPageSchema = paginatedSchema(reviewedExerciseSubmissionSchema);
export type ExerciseSubmissionReviewPage = z.infer<typeof exerciseSubmissionReviewPageSchema>;
