import { type CourseReply, courseReplySchema } from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { COURSE_LIST_TAG } from '../courses/courses.api';

/**
 * Publishing (issue 14): `POST /api/courses/:id/publish` and `/unpublish` answer the course; its page and
 * every list refresh (a draft leaves learners' lists, a published course joins them).
 */
export const coursePublishingApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    publishCourse: build.mutation<CourseReply, string>({
      query: (id) => ({ url: `/courses/${encodeURIComponent(id)}/publish`, method: 'POST' }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: (_reply, _error, id) => [COURSE_LIST_TAG, { type: 'Courses', id }],
    }),
    unpublishCourse: build.mutation<CourseReply, string>({
      query: (id) => ({ url: `/courses/${encodeURIComponent(id)}/unpublish`, method: 'POST' }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: (_reply, _error, id) => [COURSE_LIST_TAG, { type: 'Courses', id }],
    }),
  }),
});

export const { usePublishCourseMutation, useUnpublishCourseMutation } = coursePublishingApi;
