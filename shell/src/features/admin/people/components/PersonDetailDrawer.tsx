import type { User } from '@masar/contracts';
import { toApiError, useLanguage } from '@masar/shell/runtime';
import { Alert, Descriptions, Drawer, Empty, Flex, List, Progress, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fullName } from '../hooks/usePeopleActions';
import { usePersonActivity } from '../hooks/usePersonActivity';

/** A person's details, their job descriptions and their learning paths (`GET /api/admin/users/:id/activity`). */
export function PersonDetailDrawer({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const { direction } = useLanguage();
  const { data: activity, isLoading, error } = usePersonActivity(user?.id);
  const apiError = toApiError(error);
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={user ? t('people.detail.title', { name: fullName(user) }) : ''}
      placement={direction === 'rtl' ? 'left' : 'right'}
      size={480}
      data-testid="person-detail"
    >
      {user && (
        <Flex vertical gap="large">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('people.columns.username')}>
              <span dir="auto">{user.username}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('people.columns.email')}>
              <span dir="ltr">{user.email}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('people.columns.role')}>{t(`people.roles.${user.role}`)}</Descriptions.Item>
            <Descriptions.Item label={t('people.columns.status')}>
              <Tag color={user.active ? 'green' : 'default'}>{t(user.active ? 'people.status.active' : 'people.status.inactive')}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('people.detail.createdAt', { date: formatDate(user.createdAt) })}</Typography.Text>
          {isLoading && <Skeleton active />}
          {apiError && <Alert type="error" showIcon title={t('people.detail.activityFailed', { message: apiError.serverMessage ?? apiError.message })} />}
          {activity && (
            <>
              <div>
                <Typography.Title level={5}>{t('people.detail.jobDescriptions')}</Typography.Title>
                {activity.jobDescriptions.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('people.detail.noJobDescriptions')} />
                ) : (
                  <List
                    size="small"
                    data-testid="person-job-descriptions"
                    dataSource={activity.jobDescriptions}
                    renderItem={(job) => (
                      <List.Item extra={<Tag color={job.reviewed ? 'blue' : 'default'}>{t(job.reviewed ? 'people.detail.reviewed' : 'people.detail.notReviewed')}</Tag>}>
                        <List.Item.Meta title={<span dir="auto">{job.title}</span>} description={formatDate(job.createdAt)} />
                      </List.Item>
                    )}
                  />
                )}
              </div>
              <div>
                <Typography.Title level={5}>{t('people.detail.learningPaths')}</Typography.Title>
                {activity.learningPaths.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('people.detail.noLearningPaths')} />
                ) : (
                  <List
                    size="small"
                    data-testid="person-learning-paths"
                    dataSource={activity.learningPaths}
                    renderItem={(path) => (
                      <List.Item>
                        <List.Item.Meta
                          title={<span dir="auto">{path.title}</span>}
                          description={t('people.detail.courses', { completed: path.completedCourseCount, total: path.courseCount })}
                        />
                        <Progress type="circle" size={44} percent={path.percent} aria-label={t('people.detail.pathProgress', { title: path.title })} />
                      </List.Item>
                    )}
                  />
                )}
              </div>
            </>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
