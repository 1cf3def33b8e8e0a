import { type CourseReply, courseReplySchema } from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

export interface LessonVideoTarget {
  courseId: string;
  lessonId: string;
}

const videoUrl = ({ courseId, lessonId }: LessonVideoTarget) => `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/video`;

/** A video lesson's link or uploaded file (admins): each call answers the course, whose page then refreshes. */
export const lessonVideoApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    setLessonVideoLink: build.mutation<CourseReply, LessonVideoTarget & { url: string }>({
      query: ({ url, ...target }) => ({ url: videoUrl(target), method: 'PUT', body: { url } }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: (_reply, _error, { courseId }) => [{ type: 'Courses', id: courseId }],
    }),
    uploadLessonVideo: build.mutation<CourseReply, LessonVideoTarget & { file: File }>({
      query: ({ file, ...target }) => {
        const body = new FormData();
        body.append('video', file);
        return { url: videoUrl(target), method: 'POST', body };
      },
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: (_reply, _error, { courseId }) => [{ type: 'Courses', id: courseId }],
    }),
    removeLessonVideo: build.mutation<CourseReply, LessonVideoTarget>({
      query: (target) => ({ url: videoUrl(target), method: 'DELETE' }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: (_reply, _error, { courseId }) => [{ type: 'Courses', id: courseId }],
    }),
  }),
});

export const { useSetLessonVideoLinkMutation, useUploadLessonVideoMutation, useRemoveLessonVideoMutation } = lessonVideoApi;
