import { adminStatsSchema, type AdminStats } from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { PROGRESS_TAG_TYPES } from '../../api/progress-tags';

/** `GET /api/admin/stats`: admins only; the gateway answers a learner 403. */
export const dashboardApi = baseApi.enhanceEndpoints({ addTagTypes: PROGRESS_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStats, void>({
      query: () => '/admin/stats',
      responseSchema: replySchema(adminStatsSchema),
      providesTags: ['AdminStats'],
    }),
  }),
});

export const { useGetAdminStatsQuery } = dashboardApi;
