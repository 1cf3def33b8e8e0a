import { DownOutlined, RightOutlined, LeftOutlined } from '@ant-design/icons';
import { SEARCH_MAX_KEYWORDS, type CourseSearchChunk } from '@masar/contracts';
import { directionOf, useLanguage } from '@masar/shell/runtime';
import { Button, Card, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { relevancePercent, resultElementId, resultToggleId, resultLink, resultPathParts, resultTitle } from '../search-result';
import { HighlightedText } from './HighlightedText';
import { SearchResultDetails } from './SearchResultDetails';

interface SearchResultItemProps {
  chunk: CourseSearchChunk;
  /** 1-based, as the answer cites it. */
  position: number;
  query: string;
  matchedTerms: readonly string[];
  selected: boolean;
  onToggle: () => void;
}

// Passages carry their own `dir` on plain elements: antd's Typography sets `direction` from the
// interface's, which would override the attribute and reorder an English sentence in an Arabic page.

/** One relevant passage: course › module › lesson, the preview with the matches marked, keywords and relevance. */
export function SearchResultItem({ chunk, position, query, matchedTerms, selected, onToggle }: SearchResultItemProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('courses');
  const { direction: uiDirection } = useLanguage();
  const direction = directionOf(chunk.language);
  const detailsId = `${resultElementId(chunk.id)}-details`;
  const separator = direction === 'rtl' ? ' ‹ ' : ' › ';
  const closedIcon = uiDirection === 'rtl' ? <LeftOutlined aria-hidden /> : <RightOutlined aria-hidden />;

  return (
    <li id={resultElementId(chunk.id)} data-testid="course-search-result" data-selected={selected} style={{ listStyle: 'none', scrollMarginTop: 16 }}>
      <Card size="small" style={selected ? { borderColor: token.colorPrimary } : undefined}>
        <Flex vertical gap="small">
          <Flex align="start" gap="small">
            <Tag aria-hidden style={{ marginInlineEnd: 0 }}>
              {position}
            </Tag>
            <Button
              id={resultToggleId(chunk.id)}
              type="text"
              icon={selected ? <DownOutlined aria-hidden /> : closedIcon}
              aria-expanded={selected}
              aria-controls={detailsId}
              onClick={onToggle}
              style={{ height: 'auto', whiteSpace: 'normal', textAlign: 'start', padding: '0 4px', fontWeight: 600 }}
              data-testid="course-search-result-toggle"
            >
              <span lang={chunk.language} dir={direction} data-testid="course-search-result-path">
                {resultPathParts(chunk).join(separator)}
              </span>
            </Button>
          </Flex>
          <p lang={chunk.language} dir={direction} style={{ margin: 0 }} data-testid="course-search-result-preview">
            <HighlightedText text={chunk.content} terms={matchedTerms} />
          </p>
          <Flex wrap gap="small" align="center" justify="space-between">
            <Flex wrap gap={4} align="center">
              {chunk.keywords.slice(0, SEARCH_MAX_KEYWORDS).map((keyword) => (
                <Tag key={keyword} color="blue" data-testid="course-search-keyword">
                  <bdi>{keyword}</bdi>
                </Tag>
              ))}
            </Flex>
            <Flex gap="middle" align="center">
              <Typography.Text type="secondary" data-testid="course-search-relevance">
                {t('search.results.relevance', { percent: relevancePercent(chunk.relevanceScore) })}
              </Typography.Text>
              <Link to={resultLink(chunk)} aria-label={t(chunk.lessonId ? 'search.results.openLessonNamed' : 'search.results.openCourseNamed', { title: resultTitle(chunk) })} data-testid="course-search-open">
                {chunk.lessonId ? t('search.results.openLesson') : t('search.results.openCourse')}
              </Link>
            </Flex>
          </Flex>
          {selected && <SearchResultDetails id={detailsId} chunk={chunk} query={query} />}
        </Flex>
      </Card>
    </li>
  );
}
