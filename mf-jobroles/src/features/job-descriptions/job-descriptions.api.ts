import {
  deleteJobDescriptionReplySchema,
  extractSkillsReplySchema,
  generateDemoJobReplySchema,
  jobDescriptionListSchema,
  jobDescriptionReplySchema,
  type CreateJobDescriptionFromTextBody,
  type DeleteJobDescriptionReply,
  type ExtractSkillsReply,
  type ExtractSkillsRequest,
  type GenerateDemoJobBody,
  type GenerateDemoJobReply,
  type JobDescriptionList,
  type JobDescriptionReply,
  type SaveReviewedSkillsInput,
} from '@masar/contracts';
import { baseApi } from '@masar/shell/runtime';
import type { z } from 'zod';

/**
 * RTK Query types a response schema as if its input and output were the same type; the
 * contracts' defaults (`evidence: []`) make the input looser. RTK keeps the parsed output,
 * which is exactly the contract type, so the narrower view is the true one.
 */
function replySchema<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>, z.output<S>> {
  return schema as unknown as z.ZodType<z.output<S>, z.output<S>>;
}

/** Page size of the Job Descriptions grid: four rows of three cards on large screens. */
export const JOB_DESCRIPTIONS_PAGE_SIZE = 12;

export interface ListJobDescriptionsArgs {
  /** Case-insensitive title search; omitted for the full list. */
  q?: string;
  page?: number;
  pageSize?: number;
}

export interface UploadJobDescriptionFileArgs {
  file: File;
  /** Empty: the gateway uses the file name (spec section 5). */
  title: string;
}

export interface SaveReviewedSkillsArgs extends SaveReviewedSkillsInput {
  id: string;
}

const LIST_TAG = { type: 'JobDescriptions', id: 'LIST' } as const;

/**
 * The calls of spec section 7 about job descriptions and their skills. Every reply is checked
 * against its contract schema; a reply that breaks it becomes an ordinary error.
 */
export const jobDescriptionsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['JobDescriptions'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listJobDescriptions: build.query<JobDescriptionList, ListJobDescriptionsArgs>({
        query: ({ q, page, pageSize }) => ({
          url: '/job-descriptions',
          params: { ...(q ? { q } : {}), ...(page ? { page } : {}), ...(pageSize ? { pageSize } : {}) },
        }),
        responseSchema: replySchema(jobDescriptionListSchema),
        providesTags: [LIST_TAG],
      }),

      getJobDescription: build.query<JobDescriptionReply, string>({
        query: (id) => `/job-descriptions/${encodeURIComponent(id)}`,
        responseSchema: replySchema(jobDescriptionReplySchema),
        providesTags: (_reply, _error, id) => [{ type: 'JobDescriptions', id }],
      }),

      uploadJobDescriptionFile: build.mutation<JobDescriptionReply, UploadJobDescriptionFileArgs>({
        query: ({ file, title }) => {
          // The browser writes the multipart boundary itself, so no content type is set here.
          const body = new FormData();
          body.append('file', file, file.name);
          body.append('title', title);
          return { url: '/job-descriptions/upload', method: 'POST', body };
        },
        responseSchema: replySchema(jobDescriptionReplySchema),
        invalidatesTags: [LIST_TAG],
      }),

      createJobDescriptionFromText: build.mutation<JobDescriptionReply, CreateJobDescriptionFromTextBody>({
        query: (body) => ({ url: '/job-descriptions/text', method: 'POST', body }),
        responseSchema: replySchema(jobDescriptionReplySchema),
        invalidatesTags: [LIST_TAG],
      }),

      saveReviewedSkills: build.mutation<JobDescriptionReply, SaveReviewedSkillsArgs>({
        query: ({ id, ...review }) => ({
          url: `/job-descriptions/${encodeURIComponent(id)}/skills`,
          method: 'PUT',
          body: review,
        }),
        responseSchema: replySchema(jobDescriptionReplySchema),
        invalidatesTags: (_reply, _error, { id }) => [LIST_TAG, { type: 'JobDescriptions', id }],
      }),

      deleteJobDescription: build.mutation<DeleteJobDescriptionReply, string>({
        query: (id) => ({ url: `/job-descriptions/${encodeURIComponent(id)}`, method: 'DELETE' }),
        responseSchema: replySchema(deleteJobDescriptionReplySchema),
        invalidatesTags: (_reply, _error, id) => [LIST_TAG, { type: 'JobDescriptions', id }],
      }),

      /** Skills of one of the 15 predefined roles, from svc-jobs' description of that role. */
      generateDemoJob: build.mutation<GenerateDemoJobReply, GenerateDemoJobBody>({
        query: (body) => ({ url: '/demo-job-generation', method: 'POST', body }),
        responseSchema: replySchema(generateDemoJobReplySchema),
        invalidatesTags: [LIST_TAG],
      }),

      /**
       * The stateless extractor (stores nothing). The portal's screens go through the stored
       * postings above; this endpoint is here so the consumer contract pins the call that HR
       * suites embedding Masar make.
       */
      extractSkills: build.mutation<ExtractSkillsReply, ExtractSkillsRequest>({
        query: (body) => ({ url: '/skills/extract', method: 'POST', body }),
        responseSchema: replySchema(extractSkillsReplySchema),
      }),
    }),
  });

export const {
  useListJobDescriptionsQuery,
  useGetJobDescriptionQuery,
  useUploadJobDescriptionFileMutation,
  useCreateJobDescriptionFromTextMutation,
  useSaveReviewedSkillsMutation,
  useDeleteJobDescriptionMutation,
  useGenerateDemoJobMutation,
} = jobDescriptionsApi;
