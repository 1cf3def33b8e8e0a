import { courseListSchema } from '@masar/contracts';
import { baseApi } from '@masar/shell/runtime';

const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The library's size: one page of one course is enough to read `total`. */
    countAvailableCourses: build.query<number, void>({
      query: () => ({ url: '/courses', params: { pageSize: 1 } }),
      rawResponseSchema: courseListSchema,
      transformResponse: (reply: { total: number }) => reply.total,
    }),
  }),
});

export const { useCountAvailableCoursesQuery } = dashboardApi;
