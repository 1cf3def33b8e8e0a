import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The spec's 'Loading...' spinner: full page while the session loads, inline for a remote. */
export function LoadingSpinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap="middle"
      style={{ minHeight: fullPage ? '100vh' : 240, width: '100%' }}
      role="status"
      aria-live="polite"
      data-testid="loading-spinner"
    >
      <Spin size="large" />
      <Typography.Text type="secondary">{t('loading')}</Typography.Text>
    </Flex>
  );
}
