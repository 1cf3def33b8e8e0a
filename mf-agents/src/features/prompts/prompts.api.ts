import {
  promptPath,
  PROMPTS_PATH,
  promptTemplateListSchema,
  promptTemplateSchema,
  promptVersionHistorySchema,
  promptVersionsPath,
  restorePromptVersionPath,
  type PromptTemplate,
  type PromptTemplateList,
  type PromptVersionHistory,
  type UpdatePromptInput,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

/** The prompt template editor's calls (`/api/prompts`, admins only); every reply is checked against its schema. */
export const promptsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Prompts'] }).injectEndpoints({
  endpoints: (build) => ({
    listPrompts: build.query<PromptTemplateList, void>({
      query: () => PROMPTS_PATH,
      responseSchema: replySchema(promptTemplateListSchema),
      providesTags: ['Prompts'],
    }),
    /** One template by name (spec: `GET /api/prompts` keyed by the prompt name). */
    getPrompt: build.query<PromptTemplate, string>({
      query: (name) => promptPath(name),
      responseSchema: replySchema(promptTemplateSchema),
      providesTags: ['Prompts'],
    }),
    updatePrompt: build.mutation<PromptTemplate, { id: string; changes: UpdatePromptInput }>({
      query: ({ id, changes }) => ({ url: promptPath(id), method: 'PUT', body: changes }),
      responseSchema: replySchema(promptTemplateSchema),
      invalidatesTags: ['Prompts'],
    }),
    /** Newest first, each with the name of whoever made it. */
    promptVersions: build.query<PromptVersionHistory, string>({
      query: (id) => promptVersionsPath(id),
      responseSchema: replySchema(promptVersionHistorySchema),
      providesTags: ['Prompts'],
    }),
    restorePromptVersion: build.mutation<PromptTemplate, { id: string; version: number }>({
      query: ({ id, version }) => ({ url: restorePromptVersionPath(id, version), method: 'POST' }),
      responseSchema: replySchema(promptTemplateSchema),
      invalidatesTags: ['Prompts'],
    }),
  }),
});

export const { useListPromptsQuery, useGetPromptQuery, useUpdatePromptMutation, usePromptVersionsQuery, useRestorePromptVersionMutation } =
  promptsApi;
