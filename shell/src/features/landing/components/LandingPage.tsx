import { useTranslation } from 'react-i18next';
import { FeatureCards } from './FeatureCards';
import { LandingButton } from './LandingButton';
import { LandingHeader, type LandingHeaderProps } from './LandingHeader';

export type LandingPageProps = LandingHeaderProps;

/**
 * What a visitor sees at any path but /login (spec section 2). Plain elements styled by index.html,
 * no antd and no router: the same page is the first thing a signed-out visitor downloads
 * (lean-landing.tsx) and what the full portal shows a visitor (VisitorRoutes), so it must stay light.
 */
export function LandingPage(props: LandingPageProps) {
  const { t } = useTranslation('shell');
  const { onLogin, onIntent } = props;

  return (
    <div className="masar-landing">
      <LandingHeader {...props} />
      <main>
        <section className="masar-hero" data-testid="landing-hero">
          <h1 className="masar-landing-h1">{t('landing.hero.title')}</h1>
          <p className="masar-hero-subtitle">{t('landing.hero.subtitle')}</p>
          <LandingButton variant="primary" size="large" onClick={onLogin} onPointerEnter={onIntent} onFocus={onIntent} data-testid="landing-get-started">
            {t('landing.hero.getStarted')}
          </LandingButton>
        </section>
        <section className="masar-section" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title" className="masar-landing-h2 masar-landing-features-title">
            {t('landing.featuresTitle')}
          </h2>
          <FeatureCards />
        </section>
        <section className="masar-section" data-testid="landing-cta" aria-labelledby="landing-cta-title">
          <div className="masar-cta">
            <h2 id="landing-cta-title" className="masar-landing-h2">
              {t('landing.cta.title')}
            </h2>
            <p className="masar-landing-secondary">{t('landing.cta.description')}</p>
            <LandingButton variant="primary" size="large" onClick={onLogin} onPointerEnter={onIntent} onFocus={onIntent}>
              {t('landing.cta.button')}
            </LandingButton>
          </div>
        </section>
      </main>
    </div>
  );
}
