import { courseListSchema, type CourseList } from '@masar/contracts';
import { baseApi } from '@masar/shell/runtime';

export interface ListCoursesArgs {
  /** Search text; omitted for the whole library. */
  q?: string;
}

const coursesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    listCourses: build.query<CourseList, ListCoursesArgs>({
      query: ({ q }) => ({ url: '/courses', params: q ? { q } : undefined }),
      responseSchema: courseListSchema,
      providesTags: ['Courses'],
    }),
  }),
});

export const { useListCoursesQuery, useLazyListCoursesQuery } = coursesApi;
