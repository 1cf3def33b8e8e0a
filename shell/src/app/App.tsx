import { LoadingSpinner, useCurrentUser } from '@masar/shell/runtime';
import { Button, Result } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from './lazy-page';
import { SignedInRoutes } from './SignedInRoutes';
import { useProfileLanguage } from './useProfileLanguage';

// A signed-in person never sees the landing and login screens of the full portal: they download only
// for a visitor.
const VisitorRoutes = lazyPage(() => import('./VisitorRoutes').then((module) => module.VisitorRoutes));
const MustChangePasswordScreen = lazyPage(() =>
  import('../features/account/components/MustChangePasswordScreen').then((module) => module.MustChangePasswordScreen),
);

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
  if (!user) {
    return (
      <Suspense fallback={<LoadingSpinner fullPage />}>
        <VisitorRoutes />
      </Suspense>
    );
  }
  // The gateway refuses everything else until the password is changed, so nothing else is shown.
  if (user.mustChangePassword) {
    return (
      <Suspense fallback={<LoadingSpinner fullPage />}>
        <MustChangePasswordScreen user={user} />
      </Suspense>
    );
  }
  return <SignedInRoutes user={user} />;
}
