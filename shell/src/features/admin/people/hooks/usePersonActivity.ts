import { skipToken } from '@reduxjs/toolkit/query';
import { usePersonActivityQuery } from '../people.api';

/** The activity of the person whose detail is open; nothing is asked while none is. */
export function usePersonActivity(userId: string | undefined) {
  return usePersonActivityQuery(userId ?? skipToken);
}
