import { LanguageSwitch } from '@masar/shell/runtime';
import { Button, Flex, Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../layout/components/BrandMark';

export interface LandingHeaderProps {
  onLogin: () => void;
  onDemoLogin: () => void;
  isStartingDemo: boolean;
}

export function LandingHeader({ onLogin, onDemoLogin, isStartingDemo }: LandingHeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <Layout.Header className="masar-header">
      <Flex align="center" justify="space-between" gap="middle" style={{ height: '100%' }}>
        <BrandMark />
        <Space size="small" wrap>
          <LanguageSwitch />
          <Button onClick={onLogin} data-testid="landing-login">
            {t('nav.login')}
          </Button>
          <Button type="primary" onClick={onDemoLogin} loading={isStartingDemo} data-testid="landing-demo-login">
            {t('nav.demoLogin')}
          </Button>
        </Space>
      </Flex>
    </Layout.Header>
  );
}
