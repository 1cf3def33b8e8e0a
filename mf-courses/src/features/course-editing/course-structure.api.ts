import {
  type CourseReply,
  courseReplySchema,
  type MoveLessonBody,
  type NewLessonBodyInput,
  type NewModuleBodyInput,
  type UpdateModuleBodyInput,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

const course = (courseId: string) => `/courses/${encodeURIComponent(courseId)}`;
const moduleOf = (courseId: string, moduleId: string) => `${course(courseId)}/modules/${encodeURIComponent(moduleId)}`;
/** Every change answers the whole course; its page refreshes from the tag. */
const refreshes = (_reply: unknown, _error: unknown, { courseId }: { courseId: string }) => [{ type: 'Courses' as const, id: courseId }];

/** Admins' changes to a course's modules and lessons (issue 14): each answers the course as it now is. */
export const courseStructureApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    addModule: build.mutation<CourseReply, { courseId: string; module: NewModuleBodyInput }>({
      query: ({ courseId, module }) => ({ url: `${course(courseId)}/modules`, method: 'POST', body: module }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: refreshes,
    }),
    updateModule: build.mutation<CourseReply, { courseId: string; moduleId: string; changes: UpdateModuleBodyInput }>({
      query: ({ courseId, moduleId, changes }) => ({ url: moduleOf(courseId, moduleId), method: 'PUT', body: changes }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: refreshes,
    }),
    deleteModule: build.mutation<CourseReply, { courseId: string; moduleId: string }>({
      query: ({ courseId, moduleId }) => ({ url: moduleOf(courseId, moduleId), method: 'DELETE' }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: refreshes,
    }),
    /** The full new order of the course's modules. */
    reorderModules: build.mutation<CourseReply, { courseId: string; moduleIds: string[] }>({
      query: ({ courseId, moduleIds }) => ({ url: `${course(courseId)}/modules/order`, method: 'PUT', body: { moduleIds } }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: refreshes,
    }),
    addLesson: build.mutation<CourseReply, { courseId: string; moduleId: string; lesson: NewLessonBodyInput }>({
      query: ({ courseId, moduleId, lesson }) => ({ url: `${moduleOf(courseId, moduleId)}/lessons`, method: 'POST', body: lesson }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: refreshes,
    }),
    deleteLesson: build.mutation<CourseReply, { courseId: string; lessonId: string }>({
      query: ({ courseId, lessonId }) => ({ url: `${course(courseId)}/lessons/${encodeURIComponent(lessonId)}`, method: 'DELETE' }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: refreshes,
    }),
    /** The full new order of one module's lessons. */
    reorderLessons: build.mutation<CourseReply, { courseId: string; moduleId: string; lessonIds: string[] }>({
      query: ({ courseId, moduleId, lessonIds }) => ({ url: `${moduleOf(courseId, moduleId)}/lessons/order`, method: 'PUT', body: { lessonIds } }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: refreshes,
    }),
    /** Into another module of the course (at `position`, or its end); the lesson keeps its id. */
    moveLesson: build.mutation<CourseReply, { courseId: string; lessonId: string } & MoveLessonBody>({
      query: ({ courseId, lessonId, ...body }) => ({ url: `${course(courseId)}/lessons/${encodeURIComponent(lessonId)}/module`, method: 'PUT', body }),
      responseSchema: replySchema(courseReplySchema),
      invalidatesTags: refreshes,
    }),
  }),
});

export const {
  useAddModuleMutation,
  useUpdateModuleMutation,
  useDeleteModuleMutation,
  useReorderModulesMutation,
  useAddLessonMutation,
  useDeleteLessonMutation,
  useReorderLessonsMutation,
  useMoveLessonMutation,
} = courseStructureApi;
