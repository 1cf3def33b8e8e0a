import { SearchOutlined } from '@ant-design/icons';
import { toApiError } from '@masar/shell/runtime';
import { Button, Empty, Flex, Input, Result, Space, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CourseGrid, CourseSkeletons } from '../../courses/components/CourseGrid';
import { useLazyListCoursesQuery } from '../../courses/courses.api';

const SEARCH_MAX_LENGTH = 200; // the gateway's limit for `q`

/** `/course-search`: searches the course library; Search stays disabled while the box is empty. */
export function CourseSearchPage() {
  const { t } = useTranslation('courses');
  const [text, setText] = useState('');
  const [search, { currentData, isFetching, error, originalArgs }] = useLazyListCoursesQuery();
  const query = text.trim();
  const failure = toApiError(error);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (query.length > 0 && !isFetching) void search({ q: query }, true);
  };

  let results;
  if (!originalArgs) {
    results = (
      <Empty
        image={<SearchOutlined style={{ fontSize: 56, color: '#bfbfbf' }} />}
        data-testid="course-search-empty"
        description={
          <>
            <Typography.Title level={4}>{t('search.emptyTitle')}</Typography.Title>
            <Typography.Text type="secondary">{t('search.emptyHint')}</Typography.Text>
          </>
        }
      />
    );
  } else if (failure) {
    results = <Result status="error" title={t('search.error')} subTitle={failure.message} />;
  } else if (isFetching || !currentData) {
    results = <CourseSkeletons />;
  } else if (currentData.items.length === 0) {
    results = <Empty description={t('search.noResults', { query: originalArgs.q ?? '' })} />;
  } else {
    results = (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('search.resultsCount', { count: currentData.total })}</Typography.Text>
        <CourseGrid courses={currentData.items} />
      </Space>
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
      <form onSubmit={submit} role="search">
        <Space.Compact style={{ width: '100%' }}>
          <Input
            size="large"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="course-search-input"
          />
          <Button
            size="large"
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            disabled={query.length === 0 || isFetching}
            data-testid="course-search-button"
          >
            {t('search.button')}
          </Button>
        </Space.Compact>
      </form>
      {results}
    </Flex>
  );
}
