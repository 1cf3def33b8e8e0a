import { LoadingSpinner, useCurrentUser } from '@masar/shell/runtime';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
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
  return user ? <SignedInRoutes user={user} /> : <VisitorRoutes />;
}
