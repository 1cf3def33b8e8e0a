import type { AcceptAiNoticeRequest, AiUseStatus } from '@masar/contracts';
import { baseApi } from '../api/base-api';

/** Where the gateway answers a person's own AI use (any signed-in person). */
export const AI_USE_STATUS_PATH = '/ai-governance/me';
export const ACCEPT_AI_NOTICE_PATH = '/ai-governance/notice/accept';

/**
 * The signed-in person's AI status: the notice in force and their acceptance, the features on, their
 * monthly budget. In the runtime because every remote that starts AI work asks it first. Like the
 * session calls, its replies are pinned by the shell's Pact contract instead of zod, which keeps zod
 * out of the first page.
 */
export const aiUseApi = baseApi.enhanceEndpoints({ addTagTypes: ['AiUse'] }).injectEndpoints({
  endpoints: (build) => ({
    myAiUse: build.query<AiUseStatus, void>({
      query: () => AI_USE_STATUS_PATH,
      providesTags: ['AiUse'],
    }),
    acceptAiNotice: build.mutation<AiUseStatus, AcceptAiNoticeRequest>({
      query: (body) => ({ url: ACCEPT_AI_NOTICE_PATH, method: 'POST', body }),
      // The reply is the new status: no second call to learn it.
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        const accepted = await queryFulfilled.catch(() => null);
        if (accepted) dispatch(aiUseApi.util.upsertQueryData('myAiUse', undefined, accepted.data));
      },
    }),
  }),
});

export const { useMyAiUseQuery, useAcceptAiNoticeMutation } = aiUseApi;
