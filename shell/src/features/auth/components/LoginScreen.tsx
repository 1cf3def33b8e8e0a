import { ArrowLeftOutlined } from '@ant-design/icons';
import { LanguageSwitch } from '@masar/shell/runtime';
import { Alert, Button, Card, Divider, Flex, Space, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useDemoCredentials } from '../hooks/useDemoCredentials';
import { useDemoSignIn } from '../hooks/useDemoSignIn';
import { useLoginOptions } from '../hooks/useLoginOptions';
import { useSignIn } from '../hooks/useSignIn';
import { signInErrorMessageKey } from '../sign-in-error';
import { LoginForm } from './LoginForm';

export function LoginScreen() {
  const { t } = useTranslation('shell');
  const { signIn, isSigningIn } = useSignIn();
  const { startDemo, isStartingDemo } = useDemoSignIn({ reportFailures: true });
  const demoCredentials = useDemoCredentials();
  const { singleSignOn, localPasswordsEnabled } = useLoginOptions();
  const { token } = theme.useToken();
  const [search] = useSearchParams();
  const signInError = signInErrorMessageKey(search);

  // The screen is the page's main landmark and its title the page's one h1, drawn at the h3 size it
  // always had (axe: landmark-one-main, region, page-has-heading-one).
  return (
    <Flex component="main" vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }} data-testid="login-screen">
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Link to="/" data-testid="login-back">
            <Space size={4}>
              <ArrowLeftOutlined className="masar-flip-rtl" />
              {t('login.backToHome')}
            </Space>
          </Link>
          <LanguageSwitch />
        </Flex>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {signInError && (
          // The gateway sent the browser back here from a refused single sign-on (?signInError=<code>).
          <Alert
            style={{ marginBottom: 16 }}
            type="error"
            showIcon
            closable
            role="alert"
            title={t('login.signInError.title')}
            description={t(signInError)}
            data-testid="sign-in-error"
          />
        )}
        {singleSignOn.length > 0 && (
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            {singleSignOn.map((provider) => (
              // A plain link: the browser goes to the gateway, which redirects to the organisation's provider.
              <Button key={provider.loginUrl} type="primary" block size="large" href={provider.loginUrl} data-testid="sso-sign-in">
                {t('login.singleSignOn', { organisation: provider.displayName })}
              </Button>
            ))}
          </Space>
        )}
        {singleSignOn.length > 0 && localPasswordsEnabled && <Divider plain>{t('login.or')}</Divider>}
        {localPasswordsEnabled && (
          <LoginForm
            onSignIn={(credentials) => void signIn(credentials)}
            onStartDemo={() => void startDemo()}
            isSigningIn={isSigningIn}
            isStartingDemo={isStartingDemo}
          />
        )}
        {demoCredentials && (
          <Alert
            style={{ marginTop: 16 }}
            type="info"
            title={t('login.demoCredentials.title')}
            data-testid="demo-credentials"
            description={
              <Space orientation="vertical" size={0}>
                <span>
                  {t('login.demoCredentials.username')} <Typography.Text code>{demoCredentials.username}</Typography.Text>
                </span>
                <span>
                  {t('login.demoCredentials.password')} <Typography.Text code>{demoCredentials.password}</Typography.Text>
                </span>
              </Space>
            }
          />
        )}
      </Card>
    </Flex>
  );
}
