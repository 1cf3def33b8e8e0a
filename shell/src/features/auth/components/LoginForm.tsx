import type { LoginRequest } from '@masar/contracts';
import { Button, Divider, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface LoginFormProps {
  onSignIn: (credentials: LoginRequest) => void;
  onStartDemo: () => void;
  isSigningIn: boolean;
  isStartingDemo: boolean;
}

/**
 * Username and password, both required. Sign-in stays disabled while either is empty or
 * a request runs; both buttons say what they are doing while pending (spec section 4).
 */
export function LoginForm({ onSignIn, onStartDemo, isSigningIn, isStartingDemo }: LoginFormProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  const [form] = Form.useForm<LoginRequest>();
  const username = Form.useWatch('username', form) ?? '';
  const password = Form.useWatch('password', form) ?? '';
  const isBusy = isSigningIn || isStartingDemo;
  const canSubmit = username.trim().length > 0 && password.length > 0 && !isBusy;
  const required = [{ required: true, message: tCommon('forms.required') }];

  return (
    <Form<LoginRequest>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={(values) => onSignIn(values)}
      data-testid="login-form"
    >
      <Form.Item name="username" label={t('login.username')} rules={required}>
        <Input autoComplete="username" placeholder={t('login.usernamePlaceholder')} disabled={isBusy} />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={required}>
        <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} disabled={isBusy} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block disabled={!canSubmit} loading={isSigningIn} data-testid="login-submit">
        {isSigningIn ? t('login.signingIn') : t('login.signIn')}
      </Button>
      <Divider plain>{t('login.or')}</Divider>
      <Button block onClick={onStartDemo} disabled={isBusy} loading={isStartingDemo} data-testid="login-demo">
        {isStartingDemo ? t('login.startingDemo') : t('login.demoLogin')}
      </Button>
    </Form>
  );
}
