import {
  createDefaultCoursesReplySchema,
  type CreateDefaultCoursesReply,
  courseListSchema,
  courseReplySchema,
  deleteCourseHttpReplySchema,
  jobDescriptionReplySchema,
  recommendCoursesReplySchema,
  type CourseKind,
  type CourseLevel,
  type CourseList,
  type CourseStatus,
  type CourseReply,
  type DeleteCourseHttpReply,
  type JobDescriptionReply,
  type RecommendCoursesBody,
  type RecommendCoursesReply,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

/** Page size of the course grid: four rows of three cards on large screens. */
export const COURSES_PAGE_SIZE = 12;

export interface ListCoursesArgs {
  /** Search text; omitted for the whole library. */
  q?: string;
  skill?: string;
  category?: string;
  level?: CourseLevel;
  kind?: CourseKind;
  /** Admins only; the gateway gives learners published courses whatever they ask. */
  status?: CourseStatus;
  page?: number;
  pageSize?: number;
}

/** Only the arguments that are set become query parameters, in a stable order. */
function listParams(args: ListCoursesArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const key of ['q', 'skill', 'category', 'level', 'kind', 'status', 'page', 'pageSize'] as const) {
    const value = args[key];
    if (value !== undefined && value !== '') params[key] = value;
  }
  return params;
}

/** Every list of courses (the library and the recommendations); creating or deleting a course refreshes them. */
export const COURSE_LIST_TAG = { type: 'Courses', id: 'LIST' } as const;

/** The course calls of spec document 2, section 7; every reply is checked against its schema. */
export const coursesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    listCourses: build.query<CourseList, ListCoursesArgs>({
      query: (args) => ({ url: '/courses', params: listParams(args) }),
      responseSchema: replySchema(courseListSchema),
      providesTags: [COURSE_LIST_TAG],
    }),

    getCourse: build.query<CourseReply, string>({
      query: (id) => `/courses/${encodeURIComponent(id)}`,
      responseSchema: replySchema(courseReplySchema),
      providesTags: (_reply, _error, id) => [{ type: 'Courses', id }],
    }),

    /** Puts back Masar's built-in starter catalog (an empty library offers it). */
    createDefaultCourses: build.mutation<CreateDefaultCoursesReply, void>({
      query: () => ({ url: '/courses/create-defaults', method: 'POST' }),
      responseSchema: replySchema(createDefaultCoursesReplySchema),
      invalidatesTags: [COURSE_LIST_TAG],
    }),

    deleteCourse: build.mutation<DeleteCourseHttpReply, string>({
      query: (id) => ({ url: `/courses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      responseSchema: replySchema(deleteCourseHttpReplySchema),
      invalidatesTags: (_reply, _error, id) => [COURSE_LIST_TAG, { type: 'Courses', id }],
    }),

    /** A read that changes nothing, so a query: the same skills are answered from the cache. */
    recommendCourses: build.query<RecommendCoursesReply, RecommendCoursesBody>({
      query: (body) => ({ url: '/courses/recommend', method: 'POST', body }),
      responseSchema: replySchema(recommendCoursesReplySchema),
      providesTags: [COURSE_LIST_TAG],
    }),

    /**
     * The job description whose skills the recommendations are for. mf-jobroles owns job
     * descriptions and injects its own `getJobDescription`; this is the same call under a name
     * of this remote, so neither injection replaces the other.
     */
    getJobDescriptionForCourses: build.query<JobDescriptionReply, string>({
      query: (id) => `/job-descriptions/${encodeURIComponent(id)}`,
      responseSchema: replySchema(jobDescriptionReplySchema),
    }),
  }),
});

export const {
  useListCoursesQuery,
  useLazyListCoursesQuery,
  useGetCourseQuery,
  useDeleteCourseMutation,
  useCreateDefaultCoursesMutation,
  useRecommendCoursesQuery,
  useGetJobDescriptionForCoursesQuery,
} = coursesApi;
