import type {
  CreateUserInput,
  ImportUsersReply,
  ListUsersQuery,
  ResetPasswordReply,
  ResetPasswordRequest,
  UpdateUserRequest,
  UserActivityReply,
  UserList,
  UserReply,
} from '@masar/contracts';
import { adminUserActivityPath, PEOPLE_IMPORT_FILE_FIELD } from '@masar/contracts';
import { baseApi } from '../../../runtime/api/base-api';

/** The people list's filters: every field optional, the server fills in the page defaults. */
export type PeopleQuery = Partial<ListUsersQuery>;

/** Admin people management (`/api/admin/users`), in the shell because the admin area is the shell's. */
export const peopleApi = baseApi.enhanceEndpoints({ addTagTypes: ['People'] }).injectEndpoints({
  endpoints: (build) => ({
    listPeople: build.query<UserList, PeopleQuery>({
      query: (filters) => ({ url: '/admin/users', params: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) }),
      providesTags: ['People'],
    }),
    addPerson: build.mutation<UserReply, CreateUserInput>({
      query: (person) => ({ url: '/admin/users', method: 'POST', body: person }),
      invalidatesTags: ['People'],
    }),
    importPeople: build.mutation<ImportUsersReply, File>({
      query: (file) => {
        const body = new FormData();
        body.append(PEOPLE_IMPORT_FILE_FIELD, file, file.name);
        return { url: '/admin/users/import', method: 'POST', body };
      },
      invalidatesTags: ['People'],
    }),
    updatePerson: build.mutation<UserReply, { id: string; changes: UpdateUserRequest }>({
      query: ({ id, changes }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: ['People'],
    }),
    resetPassword: build.mutation<ResetPasswordReply, { id: string } & ResetPasswordRequest>({
      query: ({ id, ...body }) => ({ url: `/admin/users/${encodeURIComponent(id)}/password`, method: 'POST', body }),
      invalidatesTags: ['People'],
    }),
    personActivity: build.query<UserActivityReply, string>({
      query: (id) => adminUserActivityPath(id),
      providesTags: ['People'],
    }),
  }),
});

export const {
  useListPeopleQuery,
  useAddPersonMutation,
  useImportPeopleMutation,
  useUpdatePersonMutation,
  useResetPasswordMutation,
  usePersonActivityQuery,
} = peopleApi;

