import type {
  ChangePasswordReply,
  ChangePasswordRequest,
  LoginReply,
  LoginRequest,
  LogoutReply,
  UpdateProfileRequest,
  User,
} from '@masar/contracts';
import { baseApi } from '../../runtime/api/base-api';

/**
 * The identity calls of spec section 7. They live in the shell (not a remote) because
 * the session decides what the whole portal shows.
 */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null: a 401 here is the ordinary "signed out" answer. */
    getCurrentUser: build.query<User | null, void>({
      queryFn: async (_arg, _api, _extraOptions, baseQuery) => {
        const result = await baseQuery('/auth/user');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        // The reply's shape is pinned by the Pact contract with svc-gateway (contracts/pacts),
        // which keeps zod out of the first page.
        return { data: result.data as User };
      },
      extraOptions: { unauthorizedIsExpected: true },
      providesTags: ['CurrentUser'],
    }),

    login: build.mutation<LoginReply, LoginRequest>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
      // A 401 is a wrong password, answered by the 'Login Failed' toast.
      extraOptions: { unauthorizedIsExpected: true },
      onQueryStarted: async (_credentials, { dispatch, queryFulfilled }) => {
        const signedIn = await queryFulfilled.catch(() => null);
        if (signedIn) dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, signedIn.data.user));
      },
    }),

    demoLogin: build.mutation<LoginReply, void>({
      query: () => ({ url: '/auth/demo-login', method: 'POST' }),
      extraOptions: { unauthorizedIsExpected: true },
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const signedIn = await queryFulfilled.catch(() => null);
        if (signedIn) dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, signedIn.data.user));
      },
    }),

    logout: build.mutation<LogoutReply, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      // Logging out of an expired session is still a logout, not an 'Unauthorized' event.
      extraOptions: { unauthorizedIsExpected: true },
    }),

    /** Only what a person may change about themselves; the reply is not needed. */
    updateProfile: build.mutation<void, UpdateProfileRequest>({
      query: (changes) => ({ url: '/auth/user', method: 'PATCH', body: changes }),
      transformResponse: () => undefined,
      onQueryStarted: async (changes, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          authApi.util.updateQueryData('getCurrentUser', undefined, (user) => (user ? { ...user, ...changes } : user)),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),

    /** The signed-in person's own password; on success the cached user no longer must change it. */
    changePassword: build.mutation<ChangePasswordReply, ChangePasswordRequest>({
      query: (change) => ({ url: '/auth/password', method: 'POST', body: change }),
      onQueryStarted: async (_change, { dispatch, queryFulfilled }) => {
        const changed = await queryFulfilled.catch(() => null);
        if (changed) dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, changed.data.user));
      },
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useLoginMutation,
  useDemoLoginMutation,
  useLogoutMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
} = authApi;
