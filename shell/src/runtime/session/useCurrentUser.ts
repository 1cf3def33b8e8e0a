import type { User } from '@masar/contracts';
import { authApi } from '../../features/auth/auth.api';
import { toApiError, type ApiError } from '../api/api-error';

export interface CurrentUserState {
  /** undefined while the first answer is on its way; null when signed out. */
  user: User | null | undefined;
  isLoading: boolean;
  isAdmin: boolean;
  /** Set when the session could not be checked at all (gateway down, 5xx). */
  error: ApiError | undefined;
  refetch: () => void;
}

/** The signed-in person, shared by the shell and every remote through the one store. */
export function useCurrentUser(): CurrentUserState {
  const { data, isLoading, error, refetch } = authApi.useGetCurrentUserQuery();
  return {
    user: data,
    isLoading,
    isAdmin: data?.role === 'admin',
    error: toApiError(error),
    refetch: () => void refetch(),
  };
}
