import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordLengthRule } from '../../../account/new-password-rule';

/** The password an admin gives a person (adding them, or resetting theirs): required, the contract's length. */
export function PersonPasswordField({ testId }: { testId: string }) {
  const { t } = useTranslation('shell');
  return (
    <Form.Item
      name="password"
      label={t('people.form.password')}
      extra={t('people.form.passwordHelp')}
      rules={[{ required: true, message: t('people.form.required') }, newPasswordLengthRule(t)]}
    >
      <Input.Password autoComplete="new-password" data-testid={testId} />
    </Form.Item>
  );
}
