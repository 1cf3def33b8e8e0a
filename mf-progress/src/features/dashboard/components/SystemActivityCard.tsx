import {
  BookOutlined,
  CheckCircleOutlined,
  DeleteOutlined,
  NodeIndexOutlined,
  ReadOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import type { ActivityKind, SystemActivity } from '@masar/contracts';
import { Card, Empty, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormatting } from '../../../components/useLocaleFormatting';

const ACTIVITY_ICONS: Record<ActivityKind, ReactNode> = {
  'course-created': <BookOutlined />,
  'course-deleted': <DeleteOutlined />,
  'job-skills-reviewed': <TagsOutlined />,
  'learning-path-generated': <NodeIndexOutlined />,
  'lesson-completed': <ReadOutlined />,
  'course-completed': <CheckCircleOutlined />,
};

/** 'System Activity': recorded events, newest first, worded here in the current language. */
export function SystemActivityCard({ activity }: { activity: readonly SystemActivity[] }) {
  const { t } = useTranslation('progress');
  const { token } = theme.useToken();
  const { formatDateTime, localTitle } = useLocaleFormatting();

  return (
    <Card title={t('dashboard.activity.title')} style={{ height: '100%' }} data-testid="system-activity">
      {activity.length === 0 ? (
        <Empty description={t('dashboard.activity.empty')} />
      ) : (
        <Flex vertical gap="middle" component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {activity.map((item, index) => (
            <li key={`${item.occurredAt}:${index}`} data-testid="activity" data-kind={item.kind}>
              <Flex gap="small" align="start">
                <span style={{ color: token.colorPrimary, fontSize: 16 }} aria-hidden>
                  {ACTIVITY_ICONS[item.kind]}
                </span>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text dir="auto" data-testid="activity-text">
                    {t(`dashboard.activity.${item.kind}`, { title: localTitle(item.title, item.titleAr), count: item.count ?? 0 })}
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatDateTime(item.occurredAt)}</Typography.Text>
                </Flex>
              </Flex>
            </li>
          ))}
        </Flex>
      )}
    </Card>
  );
}
