import { showToast, toApiError } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDemoLoginMutation } from '../auth.api';

export interface DemoSignInOptions {
  /** The landing page header only logs a failed demo login (spec section 8). */
  reportFailures: boolean;
}

/** Starts a session as the demo learner. */
export function useDemoSignIn({ reportFailures }: DemoSignInOptions) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [demoLogin, { isLoading }] = useDemoLoginMutation();

  const startDemo = async (): Promise<void> => {
    try {
      await demoLogin().unwrap();
    } catch (caught) {
      const error = toApiError(caught);
      console.error('Demo login failed', error);
      if (reportFailures) {
        const description =
          error && error.status !== 'NETWORK_ERROR' && error.serverMessage
            ? error.serverMessage
            : t('toasts.demoError.description');
        showToast({ kind: 'error', title: t('toasts.demoError.title'), description });
      }
      return;
    }
    showToast({ kind: 'success', title: t('toasts.demoSuccess.title'), description: t('toasts.demoSuccess.description') });
    navigate('/', { replace: true });
  };

  return { startDemo, isStartingDemo: isLoading };
}
