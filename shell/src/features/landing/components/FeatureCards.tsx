import {
  AimOutlined,
  BarChartOutlined,
  BulbOutlined,
  NodeIndexOutlined,
  ReadOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Feature {
  key: string;
  icon: ReactNode;
}

/** The six features of spec section 2, in the spec's order. */
const FEATURES: Feature[] = [
  { key: 'skillExtraction', icon: <BulbOutlined /> },
  { key: 'personalizedPaths', icon: <NodeIndexOutlined /> },
  { key: 'courseMapping', icon: <ReadOutlined /> },
  { key: 'progressAnalytics', icon: <BarChartOutlined /> },
  { key: 'courseCreation', icon: <RobotOutlined /> },
  { key: 'skillGap', icon: <AimOutlined /> },
];

export function FeatureCards() {
  const { t } = useTranslation('shell');
  return (
    <Row gutter={[24, 24]} data-testid="feature-cards">
      {FEATURES.map((feature) => (
        <Col key={feature.key} xs={24} md={12} lg={8}>
          <Card style={{ height: '100%' }}>
            <div className="masar-feature-icon" aria-hidden>
              {feature.icon}
            </div>
            <Typography.Title level={4}>{t(`landing.features.${feature.key}.title`)}</Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t(`landing.features.${feature.key}.description`)}
            </Typography.Paragraph>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
