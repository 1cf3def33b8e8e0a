import { HomeOutlined } from '@ant-design/icons';
import { useCurrentUser } from '@masar/shell/runtime';
import { Avatar, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The first letter of the first name, or 'U' (spec document 2, section 2). */
export function initialOf(firstName: string | undefined): string {
  const first = firstName?.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : 'U';
}

export function ProgressHeader() {
  const { t } = useTranslation('progress');
  const navigate = useNavigate();
  const { user } = useCurrentUser();

  return (
    <Flex justify="space-between" align="center" gap="middle">
      <Flex align="center" gap="middle">
        <Button icon={<HomeOutlined />} onClick={() => navigate('/')} aria-label={t('progress.home')} data-testid="progress-home" />
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('progress.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('progress.subtitle')}</Typography.Text>
        </div>
      </Flex>
      <Avatar
        size="large"
        data-testid="progress-initial"
        aria-label={user?.firstName ? t('progress.initialLabel', { name: user.firstName }) : undefined}
      >
        {initialOf(user?.firstName)}
      </Avatar>
    </Flex>
  );
}
