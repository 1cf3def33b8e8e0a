import { type CourseReply, courseReplySchema, type UpdateCourseBodyInput, type UpdateLessonBodyInput } from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { COURSE_LIST_TAG } from '../courses/courses.api';

export interface UpdateLessonArgs {
  courseId: string;
  lessonId: string;
  changes: UpdateLessonBodyInput;
}

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
    /** One lesson changed in place (its id, and so progress, stays); answers the course. */
    updateLesson: build.mutation<CourseReply, UpdateLessonArgs>({
      query: ({ courseId, lessonId, changes }) => ({
        url: `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`,
        method: 'PUT',
        body: changes,
      }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: (_reply, _error, { courseId }) => [{ type: 'Courses', id: courseId }],
    }),
  }),
});

export const { useUpdateCourseMutation, useUpdateLessonMutation } = courseEditingApi;
