import type { LoginRequest } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../auth.api';

/** Signs in with a username and password, with the toasts of spec section 8. */
export function useSignIn() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();

  const signIn = async (credentials: LoginRequest): Promise<void> => {
    try {
      await login(credentials).unwrap();
    } catch (caught) {
      const error = toApiError(caught);
      if (!error || error.status === 'NETWORK_ERROR') {
        showToast({ kind: 'error', title: t('toasts.loginError.title'), description: t('toasts.loginError.description') });
      } else {
        // 401 (wrong credentials), 429 (too many attempts) and the rest carry the server's own words.
        const fallback = typeof error.status === 'number' ? t('toasts.loginFailed.fallback') : error.message;
        showToast({ kind: 'error', title: t('toasts.loginFailed.title'), description: error.serverMessage ?? fallback });
      }
      return;
    }
    showToast({ kind: 'success', title: t('toasts.loginSuccess.title'), description: t('toasts.loginSuccess.description') });
    navigate('/', { replace: true });
  };

  return { signIn, isSigningIn: isLoading };
}
