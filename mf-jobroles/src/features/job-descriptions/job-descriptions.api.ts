import { jobDescriptionListSchema, type JobDescriptionList } from '@masar/contracts';
import { baseApi } from '@masar/shell/runtime';

export interface ListJobDescriptionsArgs {
  /** Case-insensitive title search; omitted for the full list. */
  q?: string;
}

const jobDescriptionsApi = baseApi.enhanceEndpoints({ addTagTypes: ['JobDescriptions'] }).injectEndpoints({
  endpoints: (build) => ({
    listJobDescriptions: build.query<JobDescriptionList, ListJobDescriptionsArgs>({
      query: ({ q }) => ({ url: '/job-descriptions', params: q ? { q } : undefined }),
      responseSchema: jobDescriptionListSchema,
      providesTags: ['JobDescriptions'],
    }),
  }),
});

export const { useListJobDescriptionsQuery } = jobDescriptionsApi;
