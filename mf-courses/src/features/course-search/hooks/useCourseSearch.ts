import { COURSE_SEARCH_MAX_QUERY_LENGTH, looksBlank } from '@masar/contracts';
import { showToast, toApiError, useLanguage } from '@masar/shell/runtime';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSearchCoursesQuery } from '../course-search.api';

/** True when the text is worth sending: something a person can see, within the server's limit. */
export function isSearchable(text: string): boolean {
  const trimmed = text.trim();
  return !looksBlank(trimmed) && trimmed.length <= COURSE_SEARCH_MAX_QUERY_LENGTH;
}

/**
 * The search in the address (`/course-search?q=…`): a reload or a shared link runs it again, and
 * back and forward move between searches. A failed search says why in a toast; the page stays usable.
 */
export function useCourseSearch() {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const active = isSearchable(query);

  const result = useSearchCoursesQuery({ q: query, lang: language }, { skip: !active });
  const { error, requestId, refetch } = result;

  useEffect(() => {
    const failure = toApiError(error);
    if (failure) showToast({ kind: 'error', title: t('search.error'), description: failure.serverMessage ?? failure.message });
    // One toast per failed request, not per render.
  }, [error, requestId, t]);

  const search = useCallback(
    (text: string) => {
      const next = text.trim();
      if (!isSearchable(next)) return;
      if (next === query) void refetch();
      else setSearchParams({ q: next });
    },
    [query, refetch, setSearchParams],
  );

  return { query: active ? query : '', search, ...result };
}
