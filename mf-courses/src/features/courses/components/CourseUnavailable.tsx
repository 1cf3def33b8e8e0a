import type { ApiError } from '@masar/shell/runtime';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** What the detail and lesson screens show before their course is there: loading, missing or failed. */
export function CourseUnavailable({ failure, notFound, onRetry }: { failure?: ApiError; notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation('courses');
  const { t: tCommon } = useTranslation('common');
  const backToCourses = (
    <Link to="/courses" key="back">
      <Button>{t('detail.backToCourses')}</Button>
    </Link>
  );
  if (notFound) {
    return (
      <Result status="404" title={t('detail.notFound.title')} subTitle={t('detail.notFound.hint')} extra={backToCourses} data-testid="course-not-found" />
    );
  }
  if (failure) {
    return (
      <Result
        status="error"
        title={t('detail.error')}
        subTitle={failure.serverMessage ?? failure.message}
        extra={[
          <Button key="retry" type="primary" onClick={onRetry}>
            {tCommon('actions.retry')}
          </Button>,
          backToCourses,
        ]}
        data-testid="course-error"
      />
    );
  }
  return (
    <Card data-testid="course-loading" aria-busy="true">
      <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 3 }} />
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}
