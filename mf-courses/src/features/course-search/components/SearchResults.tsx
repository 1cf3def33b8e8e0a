import type { CourseSearchResponse } from '@masar/contracts';
import { Col, Flex, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resultElementId, resultToggleId } from '../search-result';
import { SearchAnswerCard } from './SearchAnswerCard';
import { SearchResultItem } from './SearchResultItem';
import { SearchSummaryCard } from './SearchSummaryCard';

interface SearchResultsProps {
  response: CourseSearchResponse;
  /** Runs another search (a related topic). */
  onSearch: (text: string) => void;
}

/** The summary, the AI answer and the relevant content of a search that found something. */
export function SearchResults({ response, onSearch }: SearchResultsProps) {
  const { t } = useTranslation('courses');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** A citation asks to bring its result into view once it has rendered selected. */
  const [citedId, setCitedId] = useState<string | null>(null);

  useEffect(() => {
    if (!citedId) return;
    document.getElementById(resultElementId(citedId))?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    // Keyboard and screen-reader users land on the result the citation names.
    document.getElementById(resultToggleId(citedId))?.focus({ preventScroll: true });
    setCitedId(null);
  }, [citedId]);

  const cite = (n: number) => {
    const chunk = response.chunks[n - 1];
    if (!chunk) return;
    setSelectedId(chunk.id);
    setCitedId(chunk.id);
  };

  return (
    <Flex vertical gap="large">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <SearchSummaryCard response={response} onSearch={onSearch} />
        </Col>
        <Col xs={24} lg={15}>
          <SearchAnswerCard response={response} onCite={cite} />
        </Col>
      </Row>
      <section aria-labelledby="course-search-results-title">
        <Typography.Title level={3} id="course-search-results-title">
          {t('search.results.title')}
        </Typography.Title>
        <Flex vertical gap="middle" component="ul" aria-labelledby="course-search-results-title" style={{ margin: 0, padding: 0 }} data-testid="course-search-results">
          {response.chunks.map((chunk, index) => (
            <SearchResultItem
              key={chunk.id}
              chunk={chunk}
              position={index + 1}
              query={response.query}
              matchedTerms={response.matchedTerms}
              selected={chunk.id === selectedId}
              onToggle={() => setSelectedId((current) => (current === chunk.id ? null : chunk.id))}
            />
          ))}
        </Flex>
      </section>
    </Flex>
  );
}
