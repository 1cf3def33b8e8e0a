import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../hooks/useChangePassword';
import { ChangePasswordForm } from './ChangePasswordForm';

/** `/account/password`: anyone signed in changes their own password. */
export function ChangePasswordPage() {
  const { t } = useTranslation('shell');
  const { changePassword, isChanging } = useChangePassword();
  return (
    <Flex justify="center">
      <Card style={{ width: '100%', maxWidth: 480 }} data-testid="change-password-page">
        <Typography.Title level={2}>{t('account.changePassword.title')}</Typography.Title>
        <ChangePasswordForm onSubmit={changePassword} isSubmitting={isChanging} />
      </Card>
    </Flex>
  );
}
