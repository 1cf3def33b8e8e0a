import { PlusOutlined, RobotOutlined, SearchOutlined } from '@ant-design/icons';
import { toApiError, useCurrentUser } from '@masar/shell/runtime';
import { Button, Empty, Flex, Result, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useListCoursesQuery } from '../courses.api';
import { CourseGrid, CourseSkeletons } from './CourseGrid';

/** `/courses`: the course library (spec document 2, section 2). */
export function CoursesPage() {
  const { t } = useTranslation('courses');
  const { t: tCommon } = useTranslation('common');
  const navigate = useNavigate();
  const { isAdmin } = useCurrentUser();
  const { currentData, error, refetch } = useListCoursesQuery({});
  const failure = toApiError(error);

  let body;
  if (failure) {
    body = (
      <Result
        status="error"
        title={t('list.error')}
        subTitle={failure.message}
        extra={<Button onClick={() => void refetch()}>{tCommon('actions.retry')}</Button>}
        data-testid="courses-error"
      />
    );
  } else if (!currentData) {
    body = <CourseSkeletons />;
  } else if (currentData.items.length === 0) {
    body = (
      <Empty
        data-testid="courses-empty"
        description={
          <>
            <Typography.Title level={4}>{t('list.empty.title')}</Typography.Title>
            <Typography.Text type="secondary">{t('list.empty.hint')}</Typography.Text>
          </>
        }
      />
    );
  } else {
    body = <CourseGrid courses={currentData.items} />;
  }

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="courses-page">
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('list.title')}
          </Typography.Title>
          {currentData && (
            <Typography.Text type="secondary" data-testid="courses-count">
              {t('list.count', { count: currentData.total })}
            </Typography.Text>
          )}
        </div>
        <Space wrap>
          <Button icon={<SearchOutlined />} onClick={() => navigate('/course-search')}>
            {t('list.search')}
          </Button>
          {isAdmin && (
            <>
              <Tooltip title={t('list.authoringNotYet')}>
                <Button type="primary" icon={<PlusOutlined />} disabled data-testid="courses-create">
                  {t('list.create')}
                </Button>
              </Tooltip>
              <Tooltip title={t('list.authoringNotYet')}>
                <Button icon={<RobotOutlined />} disabled data-testid="courses-ready-ai">
                  {t('list.readyAi')}
                </Button>
              </Tooltip>
            </>
          )}
        </Space>
      </Flex>
      {body}
    </Flex>
  );
}
