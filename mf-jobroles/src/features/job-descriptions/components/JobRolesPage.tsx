import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { JOB_TITLE_MAX_LENGTH, type JobDescription, type JobDescriptionSummary } from '@masar/contracts';
import { showToast, toApiError, useCurrentUser, type AppDispatch } from '@masar/shell/runtime';
import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Col, Flex, Input, Pagination, Result, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { ReviewSkillsModal } from '../../skill-review/components/ReviewSkillsModal';
import { draftFromJobDescription, type ConfirmedSkillsHandoff } from '../../skill-review/skill-draft';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import {
  JOB_DESCRIPTIONS_PAGE_SIZE,
  jobDescriptionsApi,
  useGetJobDescriptionQuery,
  useListJobDescriptionsQuery,
} from '../job-descriptions.api';
import { JobDescriptionCard } from './JobDescriptionCard';
import { JobDescriptionSkeletons } from './JobDescriptionSkeletons';
import { JobDescriptionsEmpty } from './JobDescriptionsEmpty';
import { UploadJobDescriptionModal } from './UploadJobDescriptionModal';

const SEARCH_DEBOUNCE_MS = 300;

/** `/job-roles`: the job descriptions, searchable by title (spec section 2). */
export function JobRolesPage() {
  const { t } = useTranslation('jobroles');
  const { t: tCommon } = useTranslation('common');
  const { isAdmin } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [reviewingId, setReviewingId] = useState<string | null>(null);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { currentData, error, refetch } = useListJobDescriptionsQuery({
    q: query || undefined,
    page,
    pageSize: JOB_DESCRIPTIONS_PAGE_SIZE,
  });
  // The review reads the posting afresh, so it opens with the last saved review.
  const reviewed = useGetJobDescriptionQuery(reviewingId ?? skipToken);
  const failure = toApiError(error);

  const dispatch = useDispatch<AppDispatch>();
  const openReview = (jobDescription: Pick<JobDescriptionSummary, 'id'>) => setReviewingId(jobDescription.id);
  // The upload's reply is the stored posting: no need to ask for it again.
  const reviewUploaded = (jobDescription: JobDescription) => {
    void dispatch(jobDescriptionsApi.util.upsertQueryData('getJobDescription', jobDescription.id, { jobDescription }));
    openReview(jobDescription);
  };

  const onSkillsConfirmed = ({ jobTitle, confirmedSkills }: ConfirmedSkillsHandoff) => {
    showToast({
      kind: 'success',
      title: t('toasts.skillsSaved.title'),
      description: t('toasts.skillsSaved.description', { total: confirmedSkills.length, jobTitle }),
    });
    setReviewingId(null);
  };

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
    body = <JobDescriptionsEmpty isSearching={query.length > 0} isAdmin={isAdmin} onUpload={() => setUploadOpen(true)} />;
  } else {
    body = (
      <>
        <Row gutter={[16, 16]}>
          {currentData.items.map((jobDescription) => (
            <Col key={jobDescription.id} xs={24} md={12} lg={8}>
              {/* The list holds only what the viewer may delete: a learner's own postings, or everybody's for an admin. */}
              <JobDescriptionCard jobDescription={jobDescription} canDelete onViewSkills={openReview} />
            </Col>
          ))}
        </Row>
        {currentData.total > currentData.pageSize && (
          <Flex justify="center">
            <Pagination
              current={currentData.page}
              pageSize={currentData.pageSize}
              total={currentData.total}
              showSizeChanger={false}
              onChange={setPage}
              data-testid="job-descriptions-pagination"
            />
          </Flex>
        )}
      </>
    );
  }

  const reviewedJobDescription = reviewed.currentData?.jobDescription;
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploadOpen(true)} data-testid="add-job-description">
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
        maxLength={JOB_TITLE_MAX_LENGTH}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        data-testid="job-descriptions-search"
      />
      {body}
      <UploadJobDescriptionModal open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={reviewUploaded} />
      <ReviewSkillsModal
        open={reviewingId !== null}
        draft={reviewedJobDescription && reviewedJobDescription.id === reviewingId ? draftFromJobDescription(reviewedJobDescription) : undefined}
        loadError={toApiError(reviewed.error)?.message}
        onCancel={() => setReviewingId(null)}
        onConfirmed={onSkillsConfirmed}
      />
    </Flex>
  );
}
