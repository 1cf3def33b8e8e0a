import type { CourseSearchResponse } from '@masar/contracts';
import { Button, Card, Col, Flex, Row, Statistic, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface SearchSummaryCardProps {
  response: CourseSearchResponse;
  /** Runs a search for a related topic. */
  onSearch: (topic: string) => void;
}

/** What the search found: counts, the key insights of the answer and related topics to search next. */
export function SearchSummaryCard({ response, onSearch }: SearchSummaryCardProps) {
  const { token } = theme.useToken();
  const { t, i18n } = useTranslation('courses');
  const { summary, relatedTopics, totalResults, totalResultsCapped } = response;
  const counts = [
    { key: 'courses', value: summary.coursesFound },
    { key: 'modules', value: summary.modulesFound },
    { key: 'lessons', value: summary.lessonsFound },
    { key: 'total', value: totalResults },
  ] as const;

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('search.summary.title')}</h2>} data-testid="course-search-summary" style={{ height: '100%' }}>
      <Flex vertical gap="middle">
        <Row gutter={[16, 16]}>
          {counts.map(({ key, value }) => (
            <Col span={12} key={key}>
              <Statistic
                title={t(`search.summary.${key}`)}
                value={value}
                // Counting stops at SEARCH_COUNTED_RESULTS passages: "1,000+" when more matched, and the
                // courses, modules and lessons of the passages counted are then floors too.
                suffix={totalResultsCapped ? '+' : undefined}
                data-testid={`course-search-count-${key}`}
              />
            </Col>
          ))}
        </Row>
        {totalResultsCapped && (
          <Typography.Text type="secondary" data-testid="course-search-more-than-counted">
            {t('search.summary.moreThanCounted', { limit: new Intl.NumberFormat(i18n.resolvedLanguage).format(totalResults) })}
          </Typography.Text>
        )}
        {summary.keyInsights.length > 0 && (
          <section aria-labelledby="course-search-insights-title">
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }} id="course-search-insights-title">
              {t('search.summary.keyInsights')}
            </Typography.Title>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {summary.keyInsights.map((insight, index) => (
                <li key={index} dir="auto" data-testid="course-search-insight">
                  {insight}
                </li>
              ))}
            </ul>
          </section>
        )}
        {relatedTopics.length > 0 && (
          <section aria-labelledby="course-search-topics-title">
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }} id="course-search-topics-title">
              {t('search.summary.relatedTopics')}
            </Typography.Title>
            <Flex wrap gap="small">
              {relatedTopics.map((topic) => (
                <Button
                  key={topic}
                  size="small"
                  shape="round"
                  color="primary"
                  variant="outlined"
                  onClick={() => onSearch(topic)}
                  aria-label={t('search.summary.searchTopic', { topic })}
                  data-testid="course-search-related-topic"
                >
                  <bdi>{topic}</bdi>
                </Button>
              ))}
            </Flex>
          </section>
        )}
      </Flex>
    </Card>
  );
}
