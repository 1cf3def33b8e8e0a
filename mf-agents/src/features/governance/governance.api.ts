import {
  aiBudgetsSchema,
  aiCallPageSchema,
  aiFeatureSettingsListSchema,
  aiFeatureSettingsSchema,
  aiNoticeSchema,
  type AiBudgets,
  type AiCallFilters,
  type AiCallPage,
  type AiFeature,
  type AiFeatureSettings,
  type AiFeatureSettingsList,
  type AiNotice,
  type UpdateAiBudgetsRequest,
  type UpdateAiFeatureRequest,
  type UpdateAiNoticeRequest,
  type UserList,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

/** The gateway's AI governance routes (admins, except the person's own status, which the shell runtime asks). */
export const AI_GOVERNANCE_PATH = '/ai-governance';
export const AI_CALLS_PAGE_SIZE = 20;

export interface AiCallListArgs extends Partial<AiCallFilters> {
  page: number;
  pageSize?: number;
}

/** A downloaded CSV export: its text and the file name the gateway gave it. */
export interface AiCallExport {
  text: string;
  fileName: string;
}

/** Query string of the filters: empty ones are left out, as the gateway reads them as "any". */
export function aiCallFilterParams(filters: Partial<AiCallFilters>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''),
  );
}

/** `attachment; filename="masar-ai-calls-2026-11-25.csv"` → the file name; a dated default otherwise. */
export function exportFileName(contentDisposition: string | null | undefined, today = new Date()): string {
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  return named?.[1] ?? `masar-ai-calls-${today.toISOString().slice(0, 10)}.csv`;
}

export const governanceApi = baseApi.enhanceEndpoints({ addTagTypes: ['AiGovernance', 'AiUse'] }).injectEndpoints({
  endpoints: (build) => ({
    listAiCalls: build.query<AiCallPage, AiCallListArgs>({
      query: ({ page, pageSize = AI_CALLS_PAGE_SIZE, ...filters }) => ({
        url: `${AI_GOVERNANCE_PATH}/calls`,
        params: { ...aiCallFilterParams(filters), page: String(page), pageSize: String(pageSize) },
      }),
      responseSchema: replySchema(aiCallPageSchema),
      providesTags: ['AiGovernance'],
    }),
    /** The CSV of every call the filters match (a mutation: it is asked for, not kept). */
    exportAiCalls: build.mutation<AiCallExport, Partial<AiCallFilters>>({
      query: (filters) => ({
        url: `${AI_GOVERNANCE_PATH}/calls.csv`,
        params: aiCallFilterParams(filters),
        headers: { accept: 'text/csv' },
      }),
      extraOptions: { replyIsText: true },
      transformResponse: (text: string, meta) => ({ text, fileName: exportFileName(meta?.response?.headers.get('content-disposition')) }),
    }),
    listAiFeatures: build.query<AiFeatureSettingsList, void>({
      query: () => `${AI_GOVERNANCE_PATH}/features`,
      responseSchema: replySchema(aiFeatureSettingsListSchema),
      providesTags: ['AiGovernance'],
    }),
    updateAiFeature: build.mutation<AiFeatureSettings, UpdateAiFeatureRequest>({
      query: ({ feature, ...settings }) => ({ url: `${AI_GOVERNANCE_PATH}/features/${encodeURIComponent(feature)}`, method: 'PUT', body: settings }),
      responseSchema: replySchema(aiFeatureSettingsSchema),
      invalidatesTags: ['AiGovernance', 'AiUse'],
    }),
    getAiBudgets: build.query<AiBudgets, void>({
      query: () => `${AI_GOVERNANCE_PATH}/budgets`,
      responseSchema: replySchema(aiBudgetsSchema),
      providesTags: ['AiGovernance'],
    }),
    updateAiBudgets: build.mutation<AiBudgets, UpdateAiBudgetsRequest>({
      query: (budgets) => ({ url: `${AI_GOVERNANCE_PATH}/budgets`, method: 'PUT', body: budgets }),
      responseSchema: replySchema(aiBudgetsSchema),
      invalidatesTags: ['AiGovernance', 'AiUse'],
    }),
    publishAiNotice: build.mutation<AiNotice, UpdateAiNoticeRequest>({
      query: (notice) => ({ url: `${AI_GOVERNANCE_PATH}/notice`, method: 'PUT', body: notice }),
      responseSchema: replySchema(aiNoticeSchema),
      // The notice in force is read from the status (`/me`), which now names the new version.
      invalidatesTags: ['AiUse'],
    }),
    /** People to choose from, by name, username or email: the list the People screen uses. */
    searchPeople: build.query<UserList, string>({
      query: (search) => ({ url: '/admin/users', params: { ...(search.trim() ? { search: search.trim() } : {}), pageSize: '20' } }),
      providesTags: ['AiGovernance'],
    }),
  }),
});

export type { AiFeature };

export const {
  useListAiCallsQuery,
  useExportAiCallsMutation,
  useListAiFeaturesQuery,
  useUpdateAiFeatureMutation,
  useGetAiBudgetsQuery,
  useUpdateAiBudgetsMutation,
  usePublishAiNoticeMutation,
  useSearchPeopleQuery,
} = governanceApi;
