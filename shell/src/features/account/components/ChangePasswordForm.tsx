import type { ChangePasswordRequest } from '@masar/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordLengthRule } from '../new-password-rule';

export interface ChangePasswordFormProps {
  onSubmit: (change: ChangePasswordRequest) => Promise<boolean>;
  isSubmitting: boolean;
}

interface ChangePasswordValues extends ChangePasswordRequest {
  confirmPassword: string;
}

/**
 * Current password, then the new one twice. The length rules are the contract's (12 to 128
 * characters, counted as a person counts them); the server adds the common-password and username
 * checks and its message is shown as a toast. Nothing is trimmed: spaces count.
 */
export function ChangePasswordForm({ onSubmit, isSubmitting }: ChangePasswordFormProps) {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<ChangePasswordValues>();

  const submit = async ({ currentPassword, newPassword }: ChangePasswordValues) => {
    if (await onSubmit({ currentPassword, newPassword })) form.resetFields();
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false} data-testid="change-password-form">
      <Form.Item
        name="currentPassword"
        label={t('account.changePassword.currentPassword')}
        rules={[{ required: true, message: t('account.changePassword.required') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('account.changePassword.newPassword')}
        extra={<Typography.Text type="secondary">{t('account.changePassword.rules')}</Typography.Text>}
        rules={[
          { required: true, message: t('account.changePassword.required') },
          newPasswordLengthRule(t),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('account.changePassword.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('account.changePassword.required') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('account.changePassword.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isSubmitting} data-testid="change-password-submit">
        {t('account.changePassword.submit')}
      </Button>
    </Form>
  );
}
