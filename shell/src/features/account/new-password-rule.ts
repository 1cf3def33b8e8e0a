import { characterCount, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@masar/contracts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * The contract's length rule for a new password (12 to 128 characters, counted as a person counts
 * them), as an antd form rule in the reader's language. Used wherever someone types a new password.
 */
export function newPasswordLengthRule(t: TFunction<'shell'>): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const length = characterCount(value ?? '');
      if (length > 0 && length < PASSWORD_MIN_LENGTH) throw new Error(t('account.changePassword.tooShort', { min: PASSWORD_MIN_LENGTH }));
      if (length > PASSWORD_MAX_LENGTH) throw new Error(t('account.changePassword.tooLong', { max: PASSWORD_MAX_LENGTH }));
    },
  };
}
