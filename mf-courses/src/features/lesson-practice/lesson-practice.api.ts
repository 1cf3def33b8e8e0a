import {
  EXERCISE_ATTACHMENT_FIELD,
  exerciseSubmissionListSchema,
  exerciseSubmissionReplySchema,
  type ExerciseSubmissionList,
  exerciseSubmissionReviewPageSchema,
  type ExerciseSubmissionReviewPage,
  lessonQuizSchema,
  quizAttemptListSchema,
  quizAttemptReplySchema,
  submitExerciseBodySchema,
  submitQuizAttemptBodySchema,
  type ExerciseSubmissionReply,
  type LessonQuiz,
  type QuizAttemptList,
  type QuizAttemptReply,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { z } from 'zod';
import { courseProgressApi } from '../course-progress/course-progress.api';

const submitQuizAttemptArgSchema = submitQuizAttemptBodySchema.extend({ lessonId: z.uuid() });
export type SubmitQuizAttemptArgs = z.input<typeof submitQuizAttemptArgSchema>;
const submitExerciseArgSchema = submitExerciseBodySchema.extend({
  lessonId: z.uuid(),
  /** Files to attach: sent as multipart with the fields; without any, the body is JSON. */
  // Read as a file by its shape: a File of another realm (a test's, an iframe's) is still one.
  files: z
    .array(z.custom<File>((value) => typeof value === 'object' && value !== null && typeof (value as File).name === 'string' && typeof (value as File).arrayBuffer === 'function'))
    .max(3)
    .optional(),
});
export type SubmitExerciseArgs = z.input<typeof submitExerciseArgSchema>;

/** A completion the gateway recorded answers the course's progress after it: show it at once. */
async function showCompletion(
  queryFulfilled: Promise<{ data: { courseId: string; progress: QuizAttemptReply['progress'] } }>,
  dispatch: (action: unknown) => unknown,
) {
  try {
    const { data } = await queryFulfilled;
    if (data.progress !== null) dispatch(courseProgressApi.util.upsertQueryData('getCourseProgress', data.courseId, { progress: data.progress }));
    dispatch(courseProgressApi.util.invalidateTags([{ type: 'CourseProgress', id: data.courseId }]));
  } catch {
    // The component reports the failure.
  }
}

/**
 * Quizzes and exercises (`/api/lessons/:lessonId/…`): the quiz arrives without its answers; the
 * gateway grades an attempt, and a pass (or a submitted exercise) completes the lesson.
 */
/** The body of a submission: JSON without files, multipart (the ticked items as one JSON field) with them. */
function exerciseSubmissionBody({ files, ...fields }: Omit<SubmitExerciseArgs, 'lessonId'>): FormData | Omit<SubmitExerciseArgs, 'lessonId' | 'files'> {
  if (!files || files.length === 0) return fields;
  const form = new FormData();
  form.append('work', fields.work ?? '');
  form.append('checkedItems', JSON.stringify(fields.checkedItems ?? []));
  if (fields.language) form.append('language', fields.language);
  for (const file of files) form.append(EXERCISE_ATTACHMENT_FIELD, file, file.name);
  return form;
}

export const lessonPracticeApi = baseApi.enhanceEndpoints({ addTagTypes: ['QuizAttempts', 'ExerciseSubmissions'] }).injectEndpoints({
  endpoints: (build) => ({
    getLessonQuiz: build.query<LessonQuiz, string>({
      query: (lessonId) => `/lessons/${encodeURIComponent(lessonId)}/quiz`,
      responseSchema: replySchema(lessonQuizSchema),
    }),
    /** The signed-in learner's own attempts, newest first. */
    listQuizAttempts: build.query<QuizAttemptList, string>({
      query: (lessonId) => `/lessons/${encodeURIComponent(lessonId)}/quiz/attempts`,
      responseSchema: replySchema(quizAttemptListSchema),
      providesTags: (_reply, _error, lessonId) => [{ type: 'QuizAttempts', id: lessonId }],
    }),
    submitQuizAttempt: build.mutation<QuizAttemptReply, SubmitQuizAttemptArgs>({
      argSchema: submitQuizAttemptArgSchema,
      query: ({ lessonId, ...body }) => ({ url: `/lessons/${encodeURIComponent(lessonId)}/quiz/attempts`, method: 'POST', body }),
      responseSchema: replySchema(quizAttemptReplySchema),
      invalidatesTags: (_reply, _error, { lessonId }) => [{ type: 'QuizAttempts', id: lessonId }],
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => showCompletion(queryFulfilled, dispatch),
    }),
    submitExercise: build.mutation<ExerciseSubmissionReply, SubmitExerciseArgs>({
      argSchema: submitExerciseArgSchema,
      query: ({ lessonId, ...fields }) => ({ url: `/lessons/${encodeURIComponent(lessonId)}/exercise/submissions`, method: 'POST', body: exerciseSubmissionBody(fields) }),
      responseSchema: replySchema(exerciseSubmissionReplySchema),
      invalidatesTags: (_reply, _error, { lessonId }) => [{ type: 'ExerciseSubmissions', id: lessonId }],
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => showCompletion(queryFulfilled, dispatch),
    }),
    /** The signed-in learner's own submissions to an exercise, newest first, with their files and feedback. */
    listExerciseSubmissions: build.query<ExerciseSubmissionList, string>({
      query: (lessonId) => `/lessons/${encodeURIComponent(lessonId)}/exercise/submissions`,
      responseSchema: replySchema(exerciseSubmissionListSchema),
      providesTags: (_reply, _error, lessonId) => [{ type: 'ExerciseSubmissions', id: lessonId }],
    }),
    /** Admins: every learner's submissions to an exercise, newest first, one page, with the learners' names. */
    reviewExerciseSubmissions: build.query<ExerciseSubmissionReviewPage, { lessonId: string; page: number; pageSize: number }>({
      query: ({ lessonId, page, pageSize }) => ({ url: `/lessons/${encodeURIComponent(lessonId)}/exercise/review`, params: { page, pageSize } }),
      responseSchema: replySchema(exerciseSubmissionReviewPageSchema),
      providesTags: (_reply, _error, { lessonId }) => [{ type: 'ExerciseSubmissions', id: lessonId }],
    }),
  }),
});

export const {
  useGetLessonQuizQuery,
  useListQuizAttemptsQuery,
  useSubmitQuizAttemptMutation,
  useSubmitExerciseMutation,
  useListExerciseSubmissionsQuery,
  useReviewExerciseSubmissionsQuery,
} = lessonPracticeApi;
