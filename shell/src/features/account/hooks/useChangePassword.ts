import type { ChangePasswordRequest } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../../auth/auth.api';

/** Changes the signed-in person's password, with a toast either way (the server's own words on failure). */
export function useChangePassword() {
  const { t } = useTranslation('shell');
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const change = async (request: ChangePasswordRequest): Promise<boolean> => {
    try {
      await changePassword(request).unwrap();
    } catch (caught) {
      const error = toApiError(caught);
      showToast({ kind: 'error', title: t('account.changePassword.failed'), description: error?.serverMessage ?? error?.message });
      return false;
    }
    showToast({ kind: 'success', title: t('account.changePassword.changed') });
    return true;
  };

  return { changePassword: change, isChanging: isLoading };
}
