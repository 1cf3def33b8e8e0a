import type { CreateEmbedClientRequest, CreatedEmbedClient, EmbedClient, EmbedClientList } from '@masar/contracts';
import { baseApi } from '../../../runtime/api/base-api';

/** Embed client credentials (`/api/admin/embed-clients`), admins only. */
export const embedClientsApi = baseApi.enhanceEndpoints({ addTagTypes: ['EmbedClients'] }).injectEndpoints({
  endpoints: (build) => ({
    listEmbedClients: build.query<EmbedClientList, void>({
      query: () => '/admin/embed-clients',
      providesTags: ['EmbedClients'],
    }),
    createEmbedClient: build.mutation<CreatedEmbedClient, CreateEmbedClientRequest>({
      query: (body) => ({ url: '/admin/embed-clients', method: 'POST', body }),
      invalidatesTags: ['EmbedClients'],
    }),
    revokeEmbedClient: build.mutation<EmbedClient, string>({
      query: (id) => ({ url: `/admin/embed-clients/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      invalidatesTags: ['EmbedClients'],
    }),
  }),
});

export const { useListEmbedClientsQuery, useCreateEmbedClientMutation, useRevokeEmbedClientMutation } = embedClientsApi;
