import type { User } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Alert, Button, Flex, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonPasswordField } from './PersonPasswordField';
import { fullName } from '../hooks/usePeopleActions';
import { useResetPasswordMutation } from '../people.api';

type Mode = 'generate' | 'choose';

/** Resets someone's password to a generated one (shown here once) or to one the admin types. */
export function ResetPasswordModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [mode, setMode] = useState<Mode>('generate');
  const [form] = Form.useForm<{ password: string }>();
  const [resetPassword, { isLoading, data: reply, reset }] = useResetPasswordMutation();
  const name = user ? fullName(user) : '';

  const close = () => {
    reset();
    form.resetFields();
    setMode('generate');
    onClose();
  };

  const submit = async (password?: string) => {
    if (!user) return;
    try {
      await resetPassword(password === undefined ? { id: user.id } : { id: user.id, password }).unwrap();
      showToast({ kind: 'success', title: t('people.toasts.passwordReset', { name }) });
    } catch (caught) {
      const error = toApiError(caught);
      showToast({ kind: 'error', title: t('people.toasts.failed'), description: error?.serverMessage ?? error?.message });
    }
  };

  return (
    <Modal
      open={user !== null}
      title={t('people.reset.title', { name })}
      onCancel={close}
      destroyOnHidden
      footer={
        reply ? (
          <Button type="primary" onClick={close}>
            {t('people.reset.done')}
          </Button>
        ) : (
          <Button
            type="primary"
            loading={isLoading}
            data-testid="reset-password-submit"
            onClick={() => (mode === 'generate' ? void submit() : form.submit())}
          >
            {t('people.reset.submit')}
          </Button>
        )
      }
    >
      {reply ? (
        <Flex vertical gap="middle" data-testid="reset-password-result">
          {reply.temporaryPassword ? (
            <>
              <Typography.Text>{t('people.reset.temporaryPassword')}</Typography.Text>
              <Typography.Text code copyable dir="ltr" style={{ fontSize: 18 }} data-testid="temporary-password">
                {reply.temporaryPassword}
              </Typography.Text>
              <Alert type="warning" showIcon title={t('people.reset.shownOnce', { name })} />
            </>
          ) : (
            <Alert type="info" showIcon title={t('people.reset.mustChangeNote', { name })} />
          )}
        </Flex>
      ) : (
        <Flex vertical gap="middle">
          <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as Mode)}>
            <Radio value="generate">{t('people.reset.generate')}</Radio>
            <Radio value="choose">{t('people.reset.choose')}</Radio>
          </Radio.Group>
          {mode === 'choose' && (
            <Form form={form} layout="vertical" requiredMark={false} onFinish={({ password }) => void submit(password)}>
              <PersonPasswordField testId="reset-password-input" />
            </Form>
          )}
        </Flex>
      )}
    </Modal>
  );
}
