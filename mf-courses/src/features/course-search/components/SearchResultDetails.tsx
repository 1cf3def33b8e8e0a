import type { CourseSearchChunk } from '@masar/contracts';
import { directionOf } from '@masar/shell/runtime';
import { Descriptions, Divider, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LearningHelpers } from './LearningHelpers';

interface SearchResultDetailsProps {
  id: string;
  chunk: CourseSearchChunk;
  query: string;
}

/** A selected result: where it is, the whole passage, and the six learning helpers on it. */
export function SearchResultDetails({ id, chunk, query }: SearchResultDetailsProps) {
  const { t } = useTranslation('courses');
  const direction = directionOf(chunk.language);
  const titles = [
    { key: 'course', value: chunk.courseTitle },
    { key: 'module', value: chunk.moduleTitle },
    { key: 'lesson', value: chunk.lessonTitle },
  ].filter((title) => title.value.trim().length > 0);

  return (
    <section id={id} aria-label={t('search.details.title')} data-testid="course-search-details">
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
          <Typography.Title level={5}>{t('search.details.fullText')}</Typography.Title>
          <p lang={chunk.language} dir={direction} style={{ whiteSpace: 'pre-line', margin: 0 }} data-testid="course-search-full-text">
            {chunk.fullText}
          </p>
        </div>
        <LearningHelpers chunk={chunk} query={query} />
      </Flex>
    </section>
  );
}
