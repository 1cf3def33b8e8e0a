import {
  exerciseSubmissionReplySchema,
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
const submitExerciseArgSchema = submitExerciseBodySchema.extend({ lessonId: z.uuid() });
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
export const lessonPracticeApi = baseApi.enhanceEndpoints({ addTagTypes: ['QuizAttempts'] }).injectEndpoints({
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
      query: ({ lessonId, ...body }) => ({ url: `/lessons/${encodeURIComponent(lessonId)}/exercise/submissions`, method: 'POST', body }),
      responseSchema: replySchema(exerciseSubmissionReplySchema),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => showCompletion(queryFulfilled, dispatch),
    }),
  }),
});

export const { useGetLessonQuizQuery, useListQuizAttemptsQuery, useSubmitQuizAttemptMutation, useSubmitExerciseMutation } = lessonPracticeApi;
