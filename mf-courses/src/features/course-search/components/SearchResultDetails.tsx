import type { CourseSearchChunk } from '@masar/contracts';
import { directionOf, showToast, toApiError } from '@masar/shell/runtime';
import { Alert, Button, Descriptions, Divider, Flex, Skeleton, theme, Typography } from 'antd';
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchPassageQuery } from '../course-search.api';
import { LearningHelpers } from './LearningHelpers';

/** What went wrong, in the learner's language: a passage that is gone (its course changed or was unpublished) is 404. */
function failureHint(t: TFunction<'courses'>, status: unknown): string {
  return t(status === 404 ? 'search.details.gone' : 'search.details.failedHint');
}

interface SearchResultDetailsProps {
  id: string;
  chunk: CourseSearchChunk;
  query: string;
}

/** A selected result: where it is, the whole passage (read now: the search answered a preview), and the six learning helpers on it. */
export function SearchResultDetails({ id, chunk, query }: SearchResultDetailsProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('courses');
  const direction = directionOf(chunk.language);
  const { data: passage, error, isFetching, requestId, refetch } = useSearchPassageQuery(chunk.id);
  const failure = toApiError(error);
  const titles = [
    { key: 'course', value: chunk.courseTitle },
    { key: 'module', value: chunk.moduleTitle },
    { key: 'lesson', value: chunk.lessonTitle },
  ].filter((title) => title.value.trim().length > 0);

  useEffect(() => {
    const failed = toApiError(error);
    if (failed) showToast({ kind: 'error', title: t('search.details.failed'), description: failureHint(t, failed.status) });
    // One toast per failed request, not per render.
  }, [error, requestId, t]);

  let wholeText;
  if (passage) {
    wholeText = (
      <p lang={chunk.language} dir={direction} style={{ whiteSpace: 'pre-line', margin: 0 }} data-testid="course-search-full-text">
        {passage.fullText}
      </p>
    );
  } else if (failure && !isFetching) {
    wholeText = (
      <Alert
        type="error"
        showIcon
        title={t('search.details.failed')}
        description={failureHint(t, failure.status)}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('search.details.retry')}
          </Button>
        }
        data-testid="course-search-full-text-error"
      />
    );
  } else {
    wholeText = (
      <div data-testid="course-search-full-text-loading">
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      </div>
    );
  }

  return (
    <section id={id} aria-label={t('search.details.title')} aria-busy={!passage && !failure} data-testid="course-search-details">
      <Divider style={{ margin: '8px 0' }} />
      <Flex vertical gap="middle">
        <Descriptions
          size="small"
          column={1}
          items={titles.map(({ key, value }) => ({
            key,
            label: t(`search.details.${key}`),
            children: (
              <span lang={chunk.language} dir={direction}>
                {value}
              </span>
            ),
          }))}
        />
        <div>
          <Typography.Title level={4} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }}>{t('search.details.fullText')}</Typography.Title>
          {wholeText}
        </div>
        <LearningHelpers chunk={chunk} fullText={passage?.fullText} query={query} />
      </Flex>
    </section>
  );
}
