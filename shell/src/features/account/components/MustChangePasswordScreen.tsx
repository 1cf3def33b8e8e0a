import type { User } from '@masar/contracts';
import { LanguageSwitch } from '@masar/shell/runtime';
import { Button, Card, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../auth/hooks/useSignOut';
import { BrandMark } from '../../layout/components/BrandMark';
import { useChangePassword } from '../hooks/useChangePassword';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * All a person sees while their password was set by someone else (a reset, an import, a generated
 * first admin password): the gateway refuses everything else until it is changed.
 */
export function MustChangePasswordScreen({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  const { changePassword, isChanging } = useChangePassword();
  const { signOut, isSigningOut } = useSignOut();
  const { token } = theme.useToken();
  // The whole screen is its main landmark; under the brand's h1 its title is the h2, at the h3 size it had.
  return (
    <Flex component="main" vertical align="center" gap="large" style={{ minHeight: '100vh', padding: 24 }} data-testid="must-change-password">
      <Flex justify="space-between" align="center" style={{ width: '100%', maxWidth: 480 }}>
        <BrandMark />
        <LanguageSwitch />
      </Flex>
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}>
          {t('account.changePassword.mustChangeTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {user.firstName} — {t('account.changePassword.mustChangeDescription')}
        </Typography.Paragraph>
        <ChangePasswordForm onSubmit={changePassword} isSubmitting={isChanging} />
      </Card>
      <Button type="link" loading={isSigningOut} onClick={() => void signOut()} data-testid="logout-button">
        {t('nav.logout')}
      </Button>
    </Flex>
  );
}
