import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { toApiError, useCurrentUser } from '@masar/shell/runtime';
import { Button, Col, Flex, Input, Result, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { useListJobDescriptionsQuery } from '../job-descriptions.api';
import { JobDescriptionCard } from './JobDescriptionCard';
import { JobDescriptionSkeletons } from './JobDescriptionSkeletons';
import { JobDescriptionsEmpty } from './JobDescriptionsEmpty';

const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MAX_LENGTH = 200; // the gateway's limit for `q`

/** `/job-roles`: the job descriptions, searchable by title (spec section 2). */
export function JobRolesPage() {
  const { t } = useTranslation('jobroles');
  const { t: tCommon } = useTranslation('common');
  const navigate = useNavigate();
  const { isAdmin } = useCurrentUser();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { currentData, error, refetch } = useListJobDescriptionsQuery({ q: query || undefined });
  const failure = toApiError(error);

  let body;
  if (failure) {
    body = (
      <Result
        status="error"
        title={t('error.title')}
        subTitle={failure.message}
        extra={<Button onClick={() => void refetch()}>{tCommon('actions.retry')}</Button>}
        data-testid="job-descriptions-error"
      />
    );
  } else if (!currentData) {
    body = <JobDescriptionSkeletons />;
  } else if (currentData.items.length === 0) {
    body = <JobDescriptionsEmpty isSearching={query.length > 0} isAdmin={isAdmin} />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {currentData.items.map((jobDescription) => (
          <Col key={jobDescription.id} xs={24} md={12} lg={8}>
            <JobDescriptionCard jobDescription={jobDescription} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Flex vertical gap="large" className="masar-page" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="job-roles-page">
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('page.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('page.subtitle')}</Typography.Text>
        </div>
        {isAdmin && (
          // Uploading lives on the home page's Upload card.
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/')} data-testid="add-job-description">
            {t('page.addJobDescription')}
          </Button>
        )}
      </Flex>
      <Input
        allowClear
        size="large"
        prefix={<SearchOutlined />}
        aria-label={t('page.searchLabel')}
        placeholder={t('page.searchPlaceholder')}
        maxLength={SEARCH_MAX_LENGTH}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-testid="job-descriptions-search"
      />
      {body}
    </Flex>
  );
}
