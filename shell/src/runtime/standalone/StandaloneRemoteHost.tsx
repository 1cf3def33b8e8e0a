import { Button, Flex, Layout, Result, Space, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useDemoLoginMutation } from '../../features/auth/auth.api';
import { toApiError } from '../api/api-error';
import { translationsReady } from '../i18n/i18n';
import { MasarProviders } from '../providers/MasarProviders';
import { useCurrentUser } from '../session/useCurrentUser';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { LoadingSpinner } from '../ui/LoadingSpinner';

export interface StandaloneLink {
  to: string;
  /** A namespaced key such as `courses:nav.courses`. */
  labelKey: string;
}

function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { user, isLoading, error, refetch } = useCurrentUser();
  const [demoLogin, demo] = useDemoLoginMutation();
  // The remote registers its strings one language at a time (remote-entry.tsx).
  const [stringsReady, setStringsReady] = useState(false);
  useEffect(() => {
    void translationsReady().then(() => setStringsReady(true));
  }, []);

  if (isLoading || !stringsReady) return <LoadingSpinner />;
  if (error) {
    return (
      <Result
        status="error"
        title={error.message}
        extra={<Button onClick={refetch}>{t('actions.retry')}</Button>}
      />
    );
  }
  if (!user) {
    const demoError = toApiError(demo.error);
    return (
      <Result
        status="info"
        title={t('standalone.title')}
        subTitle={
          demoError ? t('standalone.demoFailed', { message: demoError.message }) : t('standalone.description')
        }
        extra={
          <Button type="primary" loading={demo.isLoading} onClick={() => void demoLogin()}>
            {demo.isLoading ? t('standalone.startingDemo') : t('standalone.demoLogin')}
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}

/**
 * The frame a remote uses when it runs alone (`npx nx serve mf-<name>`): the same
 * providers as the shell, a bar with the remote's own pages, and a demo sign-in so the
 * pages talk to the real gateway through the dev server's proxy.
 */
export function StandaloneRemoteHost({ links, children }: { links: StandaloneLink[]; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: 'transparent', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Space size="large">
            <Typography.Text strong>{t('appName')}</Typography.Text>
            {links.map((link) => (
              <NavLink key={link.to} to={link.to}>
                {t(link.labelKey)}
              </NavLink>
            ))}
          </Space>
          <LanguageSwitch />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <SessionGate>{children}</SessionGate>
      </Layout.Content>
    </Layout>
  );
}

/** Convenience for a remote's `bootstrap.tsx`. */
export function StandaloneRemote({ links, children }: { links: StandaloneLink[]; children: ReactNode }) {
  return (
    <MasarProviders>
      <StandaloneRemoteHost links={links}>{children}</StandaloneRemoteHost>
    </MasarProviders>
  );
}
