import { type CourseReply, courseReplySchema, type UpdateCourseBodyInput } from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { COURSE_LIST_TAG } from '../courses/courses.api';

export interface UpdateCourseArgs {
  id: string;
  changes: UpdateCourseBodyInput;
}

/** Admins' edits of a course (issue 14): `PUT /api/courses/:id` answers the course; its page and every list refresh. */
export const courseEditingApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    updateCourse: build.mutation<CourseReply, UpdateCourseArgs>({
      query: ({ id, changes }) => ({ url: `/courses/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: (_reply, _error, { id }) => [COURSE_LIST_TAG, { type: 'Courses', id }],
    }),
  }),
});

export const { useUpdateCourseMutation } = courseEditingApi;
