import AimOutlined from '@ant-design/icons-svg/es/asn/AimOutlined';
import BarChartOutlined from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import NodeIndexOutlined from '@ant-design/icons-svg/es/asn/NodeIndexOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import RobotOutlined from '@ant-design/icons-svg/es/asn/RobotOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { useTranslation } from 'react-i18next';
import { LandingIcon } from './LandingIcon';

/** The six features of spec section 2, in the spec's order. */
const FEATURES: { key: string; icon: IconDefinition }[] = [
  { key: 'skillExtraction', icon: BulbOutlined },
  { key: 'personalizedPaths', icon: NodeIndexOutlined },
  { key: 'courseMapping', icon: ReadOutlined },
  { key: 'progressAnalytics', icon: BarChartOutlined },
  { key: 'courseCreation', icon: RobotOutlined },
  { key: 'skillGap', icon: AimOutlined },
];

export function FeatureCards() {
  const { t } = useTranslation('shell');
  return (
    <ul className="masar-landing-features" data-testid="feature-cards">
      {FEATURES.map((feature) => (
        <li key={feature.key} className="masar-landing-card">
          <LandingIcon definition={feature.icon} className="masar-feature-icon" />
          <h3 className="masar-landing-h4">{t(`landing.features.${feature.key}.title`)}</h3>
          <p className="masar-landing-secondary">{t(`landing.features.${feature.key}.description`)}</p>
        </li>
      ))}
    </ul>
  );
}
