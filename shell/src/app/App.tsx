import { LoadingSpinner, useCurrentUser } from '@masar/shell/runtime';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { MustChangePasswordScreen } from '../features/account/components/MustChangePasswordScreen';
import { SignedInRoutes } from './SignedInRoutes';
import { useProfileLanguage } from './useProfileLanguage';
import { VisitorRoutes } from './VisitorRoutes';

/** The session decides the whole screen: loading, visitor, or signed in. */
export function App() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  const { user, isLoading, error, refetch } = useCurrentUser();
  useProfileLanguage(user);

  if (isLoading) return <LoadingSpinner fullPage />;
  if (error) {
    return (
      <Result
        status="error"
        title={t('session.checkFailed', { message: error.message })}
        extra={<Button onClick={refetch}>{tCommon('actions.retry')}</Button>}
        data-testid="session-error"
      />
    );
  }
  if (!user) return <VisitorRoutes />;
  // The gateway refuses everything else until the password is changed, so nothing else is shown.
  if (user.mustChangePassword) return <MustChangePasswordScreen user={user} />;
  return <SignedInRoutes user={user} />;
}
