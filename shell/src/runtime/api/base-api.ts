import { createApi } from '@reduxjs/toolkit/query/react';
import type { ApiError } from './api-error';
import { masarBaseQuery } from './base-query';

/** Cached data stays until the session ends: the spec's data "never goes stale". */
const KEEP_UNUSED_DATA_SECONDS = 24 * 60 * 60;

/**
 * The ONE RTK Query API of the portal. The shell adds the auth endpoints and each remote
 * adds its own with `baseApi.injectEndpoints` in `src/features/<feature>/<feature>.api.ts`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: masarBaseQuery,
  tagTypes: ['CurrentUser'],
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  keepUnusedDataFor: KEEP_UNUSED_DATA_SECONDS,
  // A reply that breaks its contract schema becomes an ordinary error, not a crash.
  catchSchemaFailure: (error, info): ApiError => {
    const issue = error.issues[0];
    const where = issue?.path?.length
      ? issue.path.map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.')
      : 'body';
    return {
      status: 'INVALID_RESPONSE',
      message: `Unexpected reply to ${info.endpoint}: ${where}: ${issue?.message ?? 'invalid'}`,
    };
  },
  endpoints: () => ({}),
});
