import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** `/quality`, the Quality Assurance area: its frame until the quality agent reports. */
export function QualityPage() {
  const { t } = useTranslation('agents');
  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="quality-page">
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('quality.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('quality.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Empty
          image={<SafetyCertificateOutlined style={{ fontSize: 56, color: '#bfbfbf' }} />}
          data-testid="quality-empty"
          description={
            <>
              <Typography.Title level={4}>{t('quality.emptyTitle')}</Typography.Title>
              <Typography.Text type="secondary">{t('quality.emptyHint')}</Typography.Text>
            </>
          }
        >
          <Link to="/ai-agents">{t('quality.openAgents')}</Link>
        </Empty>
      </Card>
    </Flex>
  );
}
