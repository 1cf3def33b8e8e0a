import {
  courseProgressReplySchema,
  recordLessonProgressBodySchema,
  recordLessonProgressReplySchema,
  type CourseProgressReply,
  type RecordLessonProgressReply,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { z } from 'zod';

/** What the lesson view reports: the lesson in the path, the body as the contract takes it. */
const recordLessonProgressArgSchema = recordLessonProgressBodySchema.extend({ lessonId: z.uuid() });
export type RecordLessonProgressArgs = z.input<typeof recordLessonProgressArgSchema>;

/** One course's progress of the signed-in person; recording progress on one of its lessons refreshes it. */
const courseProgressTag = (courseId: string) => ({ type: 'CourseProgress' as const, id: courseId });

/**
 * mf-progress's overview (`GET /api/progress`), a cache tag shared by name as the shell's path
 * generation shares it: a lesson recorded here changes it, so a progress page mounted beside the
 * catalog (two elements of masar.js on one host page, one store) or opened next refetches.
 */
const PROGRESS_OVERVIEW_TAG = 'ProgressOverview';

/**
 * The signed-in person's own progress through a course (`/api/progress`). The gateway knows who is
 * signed in, so no user id travels; every reply is checked against the contract's schema.
 */
export const courseProgressApi = baseApi.enhanceEndpoints({ addTagTypes: ['CourseProgress', PROGRESS_OVERVIEW_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getCourseProgress: build.query<CourseProgressReply, string>({
      query: (courseId) => `/progress/courses/${encodeURIComponent(courseId)}`,
      responseSchema: replySchema(courseProgressReplySchema),
      providesTags: (_reply, _error, courseId) => [courseProgressTag(courseId)],
    }),

    /**
     * 200 `{progress}`: recorded. 202 `{progress: null, message}`: svc-progress is away and the report
     * waits on the event stream; it is recorded when svc-progress returns.
     */
    recordLessonProgress: build.mutation<RecordLessonProgressReply, RecordLessonProgressArgs>({
      // The body is checked (and `secondsSpent` defaulted) before it leaves, as the gateway will check it.
      argSchema: recordLessonProgressArgSchema,
      query: ({ lessonId, ...body }) => ({ url: `/progress/lessons/${encodeURIComponent(lessonId)}`, method: 'POST', body }),
      responseSchema: replySchema(recordLessonProgressReplySchema),
      invalidatesTags: (_reply, _error, { courseId }) => [courseProgressTag(courseId), PROGRESS_OVERVIEW_TAG],
      // A recorded report answers the course's progress after it: show it at once, before the refetch
      // lands. A queued one has no progress to show; the invalidation alone refreshes the entry.
      async onQueryStarted({ courseId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.progress === null) return;
          dispatch(courseProgressApi.util.upsertQueryData('getCourseProgress', courseId, { progress: data.progress }));
        } catch {
          // The caller reports the failure; the cached progress stays as it was.
        }
      },
    }),
  }),
});

export const { useGetCourseProgressQuery, useRecordLessonProgressMutation } = courseProgressApi;
