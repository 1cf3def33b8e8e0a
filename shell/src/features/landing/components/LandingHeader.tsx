import CompassOutlined from '@ant-design/icons-svg/es/asn/CompassOutlined';
import { useTranslation } from 'react-i18next';
import { LandingButton } from './LandingButton';
import { LandingIcon } from './LandingIcon';
import { LandingLanguageSwitch } from './LandingLanguageSwitch';

export interface LandingHeaderProps {
  onLogin: () => void;
  onDemoLogin: () => void;
  isStartingDemo: boolean;
  /** Called when a visitor is about to act (pointer over, focus): the rest of the portal can start downloading. */
  onIntent?: () => void;
}

export function LandingHeader({ onLogin, onDemoLogin, isStartingDemo, onIntent }: LandingHeaderProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  return (
    <header className="masar-header masar-landing-header">
      {/* A plain link: the visitor is already at `/`, and the landing page has no router. */}
      <a href="/" className="masar-brand" aria-label={tCommon('appName')} data-testid="brand">
        <LandingIcon definition={CompassOutlined} className="masar-brand-icon" />
        <span className="masar-brand-name">{tCommon('appName')}</span>
      </a>
      <div className="masar-landing-actions">
        <LandingLanguageSwitch />
        <LandingButton onClick={onLogin} onPointerEnter={onIntent} onFocus={onIntent} data-testid="landing-login">
          {t('nav.login')}
        </LandingButton>
        <LandingButton
          variant="primary"
          onClick={onDemoLogin}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          loading={isStartingDemo}
          data-testid="landing-demo-login"
        >
          {t('nav.demoLogin')}
        </LandingButton>
      </div>
    </header>
  );
}
