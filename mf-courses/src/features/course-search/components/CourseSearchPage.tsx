import { SearchOutlined } from '@ant-design/icons';
import { COURSE_SEARCH_MAX_QUERY_LENGTH } from '@masar/contracts';
import { Button, Empty, Flex, Input, Result, Skeleton, Space, theme, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchable, useCourseSearch } from '../hooks/useCourseSearch';
import { SearchResults } from './SearchResults';

/**
 * `/course-search` (spec 001 section 2): searches what the library's lessons, modules and courses
 * say, with an AI answer citing the results and six learning helpers on a selected result.
 */
export function CourseSearchPage() {
  const { token } = theme.useToken();
  const { t } = useTranslation('courses');
  const { query, search, currentData, isFetching, isError } = useCourseSearch();
  const [text, setText] = useState(query);

  // Back, forward and related topics change the search in the address: the box shows it.
  useEffect(() => setText(query), [query]);

  const submit = () => {
    if (!isFetching) search(text);
  };

  let results;
  if (!query) {
    results = (
      <Empty
        image={<SearchOutlined style={{ fontSize: 56, color: '#bfbfbf' }} aria-hidden />}
        data-testid="course-search-empty"
        description={
          <>
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('search.emptyTitle')}</Typography.Title>
            <Typography.Text type="secondary">{t('search.emptyHint')}</Typography.Text>
          </>
        }
      />
    );
  } else if (currentData) {
    results =
      currentData.chunks.length === 0 ? (
        <Empty
          data-testid="course-search-nothing"
          description={
            <>
              <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('search.nothingTitle', { query })}</Typography.Title>
              <p dir="auto" style={{ marginTop: 8 }} data-testid="course-search-nothing-answer">
                {currentData.answer}
              </p>
            </>
          }
        />
      ) : (
        <SearchResults response={currentData} onSearch={search} />
      );
  } else if (isError && !isFetching) {
    results = <Result status="warning" title={t('search.error')} subTitle={t('search.errorHint')} data-testid="course-search-error" />;
  } else {
    results = (
      <div data-testid="course-search-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="course-search-page">
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('search.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('search.subtitle')}</Typography.Text>
      </div>
      {/*
        Enter and the button both call `submit`. No <form>: React treats a prevented submit that starts a
        navigation as a form action and reads the form as FormData, which the tests' Node FormData cannot.
      */}
      <div role="search" aria-label={t('search.title')}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            size="large"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            maxLength={COURSE_SEARCH_MAX_QUERY_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onPressEnter={submit}
            enterKeyHint="search"
            data-testid="course-search-input"
          />
          <Button
            size="large"
            type="primary"
            onClick={submit}
            icon={<SearchOutlined aria-hidden />}
            loading={isFetching}
            disabled={!isSearchable(text) || isFetching}
            data-testid="course-search-button"
          >
            {t('search.button')}
          </Button>
        </Space.Compact>
      </div>
      <div aria-busy={isFetching}>{results}</div>
    </Flex>
  );
}
