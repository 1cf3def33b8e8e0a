import { Button, Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDemoSignIn } from '../../auth/hooks/useDemoSignIn';
import { FeatureCards } from './FeatureCards';
import { LandingHeader } from './LandingHeader';

/** What a visitor sees at any path but /login (spec section 2). */
export function LandingPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { startDemo, isStartingDemo } = useDemoSignIn({ reportFailures: false });
  const showLogin = () => navigate('/login');

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <LandingHeader onLogin={showLogin} onDemoLogin={() => void startDemo()} isStartingDemo={isStartingDemo} />
      <Layout.Content>
        <section className="masar-hero" data-testid="landing-hero">
          <Typography.Title level={1}>{t('landing.hero.title')}</Typography.Title>
          <Typography.Paragraph className="masar-hero-subtitle">{t('landing.hero.subtitle')}</Typography.Paragraph>
          <Button type="primary" size="large" onClick={showLogin} data-testid="landing-get-started">
            {t('landing.hero.getStarted')}
          </Button>
        </section>
        <section className="masar-section">
          <Typography.Title level={2} style={{ textAlign: 'center', marginBottom: 32 }}>
            {t('landing.featuresTitle')}
          </Typography.Title>
          <FeatureCards />
        </section>
        <section className="masar-section" data-testid="landing-cta">
          <Flex vertical align="center" gap="small" className="masar-cta">
            <Typography.Title level={2} style={{ margin: 0 }}>
              {t('landing.cta.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('landing.cta.description')}</Typography.Paragraph>
            <Button type="primary" size="large" onClick={showLogin}>
              {t('landing.cta.button')}
            </Button>
          </Flex>
        </section>
      </Layout.Content>
    </Layout>
  );
}
