import {
  agentTaskReplySchema,
  courseCategoriesReplySchema,
  createFromCategoriesReplySchema,
  type AgentTaskReply,
  type CourseCategoriesReply,
  type CreateFromCategoriesBody,
  type CreateFromCategoriesReply,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { COURSE_LIST_TAG } from '../courses/courses.api';

/**
 * Ready AI (spec 001 sections 2, 4 and 7): the catalog by category, starting one course-creation
 * agent task per picked course, and following each task. The names are this remote's own, so
 * mf-agents' `agentTask` on the same address is never replaced.
 */
export const readyAiApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/courses/categories`; a course Ready AI made joins its category, so the course tag refreshes it. */
    readyAiCategories: build.query<CourseCategoriesReply, void>({
      query: () => '/courses/categories',
      responseSchema: replySchema(courseCategoriesReplySchema),
      providesTags: [COURSE_LIST_TAG],
    }),

    /** `POST /api/courses/create-from-categories` (admin): 202 with the started tasks, in the order picked. */
    startReadyAi: build.mutation<CreateFromCategoriesReply, CreateFromCategoriesBody>({
      query: (body) => ({ url: '/courses/create-from-categories', method: 'POST', body }),
      responseSchema: replySchema(createFromCategoriesReplySchema),
    }),

    /** `GET /api/ai-agents/tasks/:id`, polled while the task runs; each answer is the task now, so none is kept. */
    readyAiTask: build.query<AgentTaskReply, string>({
      query: (id) => `/ai-agents/tasks/${encodeURIComponent(id)}`,
      responseSchema: replySchema(agentTaskReplySchema),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useReadyAiCategoriesQuery, useStartReadyAiMutation, useReadyAiTaskQuery } = readyAiApi;
